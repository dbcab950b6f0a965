import { defineConfig } from 'vitest/config';

/** Every AWS client a test builds stays off the network (the SDK would otherwise probe the instance metadata service): set before any client exists. */
const env = {
  AWS_REGION: 'eu-west-1',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  CDK_DISABLE_CLI_TELEMETRY: 'true',
  CDK_DISABLE_VERSION_CHECK: '1',
  // Handlers under test write no EMF metric lines; the metrics tests turn them back on.
  POWERTOOLS_METRICS_DISABLED: 'true',
};
Object.assign(process.env, env);

export default defineConfig({
  test: {
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Console and client tests cover pure logic and run in Node, without a browser.
          include: [
            'test/unit/**/*.test.ts',
            'test/infra/**/*.test.ts',
            'console/src/**/*.test.ts',
            'scanner/src/**/*.test.ts',
            'esim-page/src/**/*.test.ts',
            'clients/typescript/test/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // Browser tests of the console and the reference (test/integration/console, reference) run
          // here: headless Chromium against the run's stage.
          include: ['test/integration/**/*.test.ts'],
          // One local stage for the whole run (in-memory DynamoDB, free ports); files share it, never each other's data.
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
