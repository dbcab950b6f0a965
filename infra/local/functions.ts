import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { functionNeeds, type ServiceFunction } from '../functions.ts';
import { runAs } from './key-access.ts';

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** `functions/<name>/handler.ts`: one Lambda per directory, as CDK bundles them. */
export function handlerFile(name: string): string {
  return join(repositoryRoot, 'functions', name, 'handler.ts');
}

export function localFunctionName(name: string): string {
  return `partner-travel-services-local-${name}`;
}

/** The Lambda `context` object: same fields and behaviour as the Node.js runtime gives a handler. */
export function lambdaContext(name: string, timeoutMs: number, region: string): Context {
  const functionName = localFunctionName(name);
  const deadline = Date.now() + timeoutMs;
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
  const unsupported = () => {
    throw new Error('Callback-style completion is not supported: return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${day}/[$LATEST]${randomUUID().replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

export type Handler<E, R> = (event: E, context: Context) => Promise<R>;

/**
 * Imports each function's module once, on first use, like a cold start. A module that fails to load
 * is retried on the next call. Each call runs as that function: its DynamoDB requests get its grants
 * (infra/local/key-access.ts).
 */
export class FunctionModules {
  private readonly loaded = new Map<string, Promise<unknown>>();

  /** `fileOf`: where a function's module is (tests point it at a fixture). */
  constructor(private readonly fileOf: (name: string) => string = handlerFile) {}

  async handler<E, R>(name: string): Promise<Handler<E, R>> {
    const file = this.fileOf(name);
    let module = this.loaded.get(name);
    if (!module) {
      module = import(pathToFileURL(file).href);
      this.loaded.set(name, module);
    }
    try {
      const { handler } = (await module) as { handler?: Handler<E, R> };
      if (typeof handler !== 'function') throw new Error(`${file} does not export a handler function`);
      if (!(name in functionNeeds)) throw new Error(`${name} is not a function of infra/functions.ts`);
      return (event, context) => runAs(name as ServiceFunction, () => handler(event, context));
    } catch (error) {
      this.loaded.delete(name);
      throw error;
    }
  }
}
