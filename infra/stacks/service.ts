import { Annotations, type App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { cdkDefaultAccount } from '../../shared/config/local.ts';
import { type EntryResolver, handlerEntry } from '../constructs/entries.ts';
import { placeholdersIn, type StageConfig, stageConfigFrom } from '../stage-config.ts';
import { ApiStack } from './api-stack.ts';
import { StatefulStack } from './stateful-stack.ts';

export interface Service {
  config: StageConfig;
  stateful: StatefulStack;
  api: ApiStack;
}

/** The whole service for the stage named in the app's context (`-c stage=...`), checked by cdk-nag. */
export function addService(app: App, { entries = handlerEntry }: { entries?: EntryResolver } = {}): Service {
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
  const api = new ApiStack(app, `${prefix}-api`, {
    env,
    config,
    stateful,
    entries,
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
  return { config, stateful, api };
}
