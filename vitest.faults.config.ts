import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: crash and outage scenarios against whole local stages run as child processes
 * (docs/reliability.md). Not part of `npm test`: each file starts its own stages, one file at a time.
 */
const env = {
  AWS_REGION: 'eu-west-1',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  CDK_DISABLE_CLI_TELEMETRY: 'true',
  CDK_DISABLE_VERSION_CHECK: '1',
};
Object.assign(process.env, env);

export default defineConfig({
  test: {
    name: 'faults',
    env,
    include: ['test/faults/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    // Every file runs whole stages (java, emulators, gateways): two at once would starve a small machine.
    fileParallelism: false,
  },
});
