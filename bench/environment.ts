/**
 * Loaded before any other module of the bench: without these the SDK looks for region and credentials
 * on the instance metadata service, and this machine looks like EC2 to it.
 */
export const region = 'eu-west-1';

export const awsEnvironment = {
  AWS_REGION: region,
  AWS_DEFAULT_REGION: region,
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
} as const;

Object.assign(process.env, awsEnvironment);
delete process.env.AWS_PROFILE;
delete process.env.AWS_SESSION_TOKEN;
