import { Annotations, type App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { consoleDistDir } from '../../console/build.ts';
import { esimPageDistDir } from '../../esim-page/build.ts';
import { scannerDistDir } from '../../scanner/build.ts';
import { type EntryResolver, handlerEntry } from '../constructs/entries.ts';
import { cdkDefaultAccount } from '../local/config.ts';
import { placeholdersIn, type StageConfig, stageConfigFrom } from '../stage-config.ts';
import { ApiStack } from './api-stack.ts';
import { ConsoleStack } from './console-stack.ts';
import { StatefulStack } from './stateful-stack.ts';

export interface Service {
  config: StageConfig;
  stateful: StatefulStack;
  api: ApiStack;
  console: ConsoleStack;
}

/**
 * The whole service for the stage named in the app's context (`-c stage=...`), checked by cdk-nag.
 * `consoleBuildDir` holds a console build (console/build.ts), `scannerBuildDir` a scanner build
 * (scanner/build.ts); infra/app.ts makes sure both are current.
 */
export function addService(
  app: App,
  {
    entries = handlerEntry,
    consoleBuildDir = consoleDistDir,
    scannerBuildDir = scannerDistDir,
    esimPageBuildDir = esimPageDistDir,
  }: {
    entries?: EntryResolver;
    consoleBuildDir?: string;
    scannerBuildDir?: string;
    esimPageBuildDir?: string;
  } = {},
): Service {
  const config = stageConfigFrom(app.node);
  const account = config.account ?? cdkDefaultAccount();
  const env = { region: config.region, ...(account ? { account } : {}) };
  const prefix = `partner-travel-${config.stage}`;

  const stateful = new StatefulStack(app, `${prefix}-stateful`, {
    env,
    config,
    description: `Partner Travel Services (${config.stage}): tables, secrets, mTLS truststore`,
    terminationProtection: config.deletionProtection,
  });
  const consoleStack = new ConsoleStack(app, `${prefix}-console`, {
    env,
    config,
    buildDir: consoleBuildDir,
    scannerBuildDir,
    esimPageBuildDir,
    description: `Partner Travel Services (${config.stage}): employee console, API reference and scanner app (CloudFront, S3)`,
    terminationProtection: config.deletionProtection,
  });
  const api = new ApiStack(app, `${prefix}-api`, {
    env,
    config,
    stateful,
    entries,
    appOrigins: { console: consoleStack.consoleOrigin, scanner: consoleStack.scannerOrigin },
    description: `Partner Travel Services (${config.stage}): APIs, functions, pipelines`,
    terminationProtection: config.deletionProtection,
  });

  Tags.of(app).add('service', 'partner-travel');
  Tags.of(app).add('stage', config.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  const placeholders = placeholdersIn(config);
  if (placeholders.length > 0) {
    Annotations.of(api).addInfo(
      `Placeholder settings (synth works, a deploy would not): ${placeholders.join(', ')}. See docs/deploy.md.`,
    );
  }
  return { config, stateful, api, console: consoleStack };
}
