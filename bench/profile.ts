// `npm run bench:profile`: a CPU profile of every hot operation and of its floor, in process, summarized
// by where the time on top of the floor goes. The AWS environment is set before anything loads the SDK.
import './environment.ts';

const { runProfiles } = await import('./profile-run.ts');
await runProfiles();
