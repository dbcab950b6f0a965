import { App } from 'aws-cdk-lib';
import { ensureConsoleBuild } from '../console/build.ts';
import { ensureScannerBuild } from '../scanner/build.ts';
import { addService } from './stacks/service.ts';

// `cdk synth -c stage=prod`; cdk.json defaults to preview. The console stack deploys console/dist
// and scanner/dist, built here first when their sources changed.
const log = (message: string) => console.error(message);
const [{ dir: consoleBuildDir }, { dir: scannerBuildDir }] = await Promise.all([
  ensureConsoleBuild({ log }),
  ensureScannerBuild({ log }),
]);
const app = new App();
addService(app, { consoleBuildDir, scannerBuildDir });
app.synth();
