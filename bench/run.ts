// `npm run bench`. The AWS environment is set before any module that could build an SDK client loads.
import './environment.ts';

await import('./main.ts');
