import { App } from 'aws-cdk-lib';
import { ensureConsoleBuild } from '../console/build.ts';
import { ensureEsimPageBuild } from '../esim-page/build.ts';
import { ensureScannerBuild } from '../scanner/build.ts';
import { addService } from './stacks/service.ts';

// `cdk synth -c stage=prod`; cdk.json defaults to preview. The console stack deploys console/dist
// scanner/dist and esim-page/dist, built here first when their sources changed.
const log = (message: string) => console.error(message);
const [{ dir: consoleBuildDir }, { dir: scannerBuildDir }, { dir: esimPageBuildDir }] = await Promise.all([
  ensureConsoleBuild({ log }),
  ensureScannerBuild({ log }),
  ensureEsimPageBuild({ log }),
]);
const app = new App();
addService(app, { consoleBuildDir, scannerBuildDir, esimPageBuildDir });
app.synth();
