import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type EntryResolver, handlerEntry, projectRoot } from '../../infra/constructs/entries.ts';
import { addService, type Service } from '../../infra/stacks/service.ts';
import type { Stage } from '../../shared/vocabulary/stage.ts';

type Json = Record<string, unknown>;
export interface CfnResource {
  Type: string;
  Properties: Json;
}

const cdkJsonContext = (JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as { context: Json })
  .context;

/** Bundling is skipped in tests, so an entry only has to exist (inside the project root). */
export const standInEntry = join(projectRoot, 'test', 'infra', 'stand-in-handler.ts');

let standInBuild: string | undefined;

/**
 * A console build's shape without running Vite (the console stack only uploads it): index.html, a
 * hashed asset, the reference. Made once per test process.
 */
export function standInConsoleBuild(): string {
  if (standInBuild) return standInBuild;
  const dir = mkdtempSync(join(tmpdir(), 'console-build-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'reference'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dir, 'assets', 'index-0123abcd.js'), 'export {};');
  writeFileSync(join(dir, 'reference', 'index.html'), '<!doctype html><title>reference</title>');
  writeFileSync(join(dir, '.build-inputs.json'), '{"files":{}}');
  standInBuild = dir;
  return dir;
}

let standInScanner: string | undefined;

/** A scanner build's shape (scanner/build.ts) without running Vite. */
export function standInScannerBuild(): string {
  if (standInScanner) return standInScanner;
  const dir = mkdtempSync(join(tmpdir(), 'scanner-build-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>scanner</title>');
  writeFileSync(join(dir, 'sw.js'), '');
  writeFileSync(join(dir, 'assets', 'index-0123abcd.js'), 'export {};');
  standInScanner = dir;
  return dir;
}

/** An app as `cdk synth` builds it (cdk.json context), without bundling and without failing on nag errors. */
export function testApp(context: Json = {}): App {
  return new App({
    outdir: mkdtempSync(join(tmpdir(), 'cdk-out-')),
    context: {
      ...cdkJsonContext,
      'aws:cdk:bundling-stacks': [],
      '@aws-cdk/core:failSynthOnValidationErrors': false,
      ...context,
    },
  });
}

export interface SynthesizedService extends Service {
  statefulTemplate: Template;
  apiTemplate: Template;
  consoleTemplate: Template;
  /** Violations cdk-nag reported as errors, after acknowledgements. */
  nagErrors: string[];
}

export function synthesizeService(stage: Stage, entries: EntryResolver = handlerEntry): SynthesizedService {
  const app = testApp({ stage });
  const service = addService(app, {
    entries,
    consoleBuildDir: standInConsoleBuild(),
    scannerBuildDir: standInScannerBuild(),
    esimPageBuildDir: standInScannerBuild(),
  });
  const assembly = app.synth();
  const report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as {
    pluginReports: {
      violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
    }[];
  };
  const nagErrors = report.pluginReports.flatMap((plugin) =>
    plugin.violations
      .filter((violation) => violation.severity === 'error')
      .flatMap((violation) =>
        violation.violatingConstructs.map((c) => `${violation.ruleName} ${c.constructPath}`),
      ),
  );
  return {
    ...service,
    statefulTemplate: Template.fromStack(service.stateful),
    apiTemplate: withNestedStacks(service.api),
    consoleTemplate: Template.fromStack(service.console),
    nagErrors,
  };
}

/** `{Ref: <parameter>}` replaced by what the parent passes for it; anything else as it is. */
function substituteParameters(value: unknown, passed: Json): unknown {
  if (Array.isArray(value)) return value.map((item) => substituteParameters(item, passed));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const [[key, ref] = []] = entries;
  if (entries.length === 1 && key === 'Ref' && typeof ref === 'string' && ref in passed) return passed[ref];
  return Object.fromEntries(entries.map(([name, item]) => [name, substituteParameters(item, passed)]));
}

/** `{"Fn::GetAtt": [<nested stack>, "Outputs.<name>"]}` replaced by what that output holds. */
function substituteOutputs(value: unknown, outputs: Map<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => substituteOutputs(item, outputs));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const [[key, target] = []] = entries;
  if (entries.length === 1 && key === 'Fn::GetAtt' && Array.isArray(target)) {
    const known = outputs.get(`${target[0]}.${target[1]}`);
    if (known !== undefined) return known;
  }
  return Object.fromEntries(entries.map(([name, item]) => [name, substituteOutputs(item, outputs)]));
}

/**
 * The stack's template with the resources of its nested stacks (the admin API, the functions kept
 * apart) folded in, their parameters replaced by the values the stack passes and the stack's uses of
 * their outputs by what the outputs hold: assertions read one template, wherever CDK put a resource.
 */
function withNestedStacks(stack: Stack): Template {
  const parent = Template.fromStack(stack).toJSON() as { Resources: Record<string, CfnResource> };
  const nestedStacks = stack.node
    .findAll()
    .filter(NestedStack.isNestedStack)
    .map((nested) => {
      const id = stack.getLogicalId(nested.nestedStackResource as CfnElement);
      const template = Template.fromStack(nested).toJSON() as {
        Resources: Json;
        Outputs?: Record<string, { Value: unknown }>;
      };
      return { id, template, passed: (parent.Resources[id]?.Properties.Parameters ?? {}) as Json };
    });
  // A nested stack's output may be passed to another nested stack (a function to the admin API).
  const outputs = new Map<string, unknown>();
  for (const { id, template, passed } of nestedStacks)
    for (const [name, output] of Object.entries(template.Outputs ?? {}))
      outputs.set(`${id}.Outputs.${name}`, substituteParameters(output.Value, passed));
  const resources: Record<string, unknown> = {};
  for (const [id, resource] of Object.entries(parent.Resources))
    resources[id] = substituteOutputs(resource, outputs);
  for (const { template, passed } of nestedStacks) {
    const resolved = substituteOutputs(passed, outputs) as Json;
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (id in resources) throw new Error(`${id} is in the stack and in its nested stack`);
      resources[id] = substituteParameters(resource, resolved);
    }
  }
  return Template.fromJSON({ ...parent, Resources: resources });
}

export function resourcesOf(template: Template, type: string): [string, CfnResource][] {
  return Object.entries(template.findResources(type) as Record<string, CfnResource>);
}

/** Logical ids a CloudFormation value refers to (Ref, GetAtt, ImportValue export names included). */
export function referencedIds(value: unknown): string[] {
  return [
    ...(JSON.stringify(value) ?? '').matchAll(
      /"(?:Ref|Fn::ImportValue)":"([^"]+)"|"Fn::GetAtt":\["([^"]+)"/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? '');
}

/** The logical id of the Lambda of a service function (tagged `service-function`). */
export function functionIdOf(template: Template, name: string): string {
  const match = resourcesOf(template, 'AWS::Lambda::Function').find(([, fn]) =>
    (fn.Properties.Tags as { Key: string; Value: string }[] | undefined)?.some(
      (tag) => tag.Key === 'service-function' && tag.Value === name,
    ),
  );
  if (!match) throw new Error(`No function tagged service-function=${name}`);
  return match[0];
}

export interface DeployedMethod {
  apiName: string;
  httpMethod: string;
  path: string;
  operationName: string | undefined;
  /** Logical id of the Lambda behind the method. */
  functionId: string | undefined;
}

/** Every API Gateway method with its full resource path, rebuilt from the Resource tree. */
export function deployedMethods(template: Template): DeployedMethod[] {
  const apiNames = new Map(
    resourcesOf(template, 'AWS::ApiGateway::RestApi').map(([id, api]) => [id, String(api.Properties.Name)]),
  );
  const resources = new Map(resourcesOf(template, 'AWS::ApiGateway::Resource'));
  const pathOf = (resourceId: unknown): string => {
    const [id] = referencedIds(resourceId);
    const resource = id === undefined ? undefined : resources.get(id);
    if (!resource) return '';
    return `${pathOf(resource.Properties.ParentId)}/${String(resource.Properties.PathPart)}`;
  };
  return resourcesOf(template, 'AWS::ApiGateway::Method').map(([, method]) => {
    const integration = method.Properties.Integration as { Uri?: unknown } | undefined;
    const [apiId] = referencedIds(method.Properties.RestApiId);
    return {
      apiName: apiNames.get(apiId ?? '') ?? '',
      httpMethod: String(method.Properties.HttpMethod),
      path: pathOf(method.Properties.ResourceId) || '/',
      operationName: method.Properties.OperationName as string | undefined,
      functionId: referencedIds(integration?.Uri).find((id) => !id.startsWith('AWS::')),
    };
  });
}

export interface Grant {
  actions: string[];
  /** The CloudFormation resource values, as text, to look for logical ids in. */
  resources: string;
  conditions?: unknown;
}

/** The statements of every inline policy attached to the function's role. */
export function grantsOf(template: Template, functionId: string): Grant[] {
  const fn = template.toJSON().Resources[functionId] as CfnResource;
  const [roleId] = referencedIds(fn.Properties.Role);
  return resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => referencedIds(policy.Properties.Roles).includes(roleId ?? ''))
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Json[] }).Statement)
    .map((statement) => ({
      actions: [statement.Action].flat().map(String),
      resources: JSON.stringify(statement.Resource),
      ...(statement.Condition === undefined ? {} : { conditions: statement.Condition }),
    }));
}
