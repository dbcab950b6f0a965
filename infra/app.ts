import { App } from 'aws-cdk-lib';
import { ensureConsoleBuild } from '../console/build.ts';
import { addService } from './stacks/service.ts';

// `cdk synth -c stage=prod`; cdk.json defaults to preview. The console stack deploys console/dist,
// built here first when its sources changed.
const { dir: consoleBuildDir } = await ensureConsoleBuild({ log: (message) => console.error(message) });
const app = new App();
addService(app, { consoleBuildDir });
app.synth();
