import { App } from 'aws-cdk-lib';
import { addService } from './stacks/service.ts';

// `cdk synth -c stage=prod`; cdk.json defaults to preview.
const app = new App();
addService(app);
app.synth();
