/**
 * Loaded before any other module of the bench: without these the SDK looks for region and credentials
 * on the instance metadata service, and this machine looks like EC2 to it.
 */
import { offlineAwsEnvironment, useOfflineAws } from '../infra/local/config.ts';

export const region = 'eu-west-1';

export const awsEnvironment = offlineAwsEnvironment(region);

useOfflineAws(awsEnvironment);
