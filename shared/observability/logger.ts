import { Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { loggerConfig } from '../config/env.ts';

/**
 * Powertools' Logger with the per-request keys (request id, account, ...) held in a plain object.
 * Powertools keeps temporary keys in invocation-scoped stores that read an environment variable on
 * every access: resetting and appending the keys of one request cost about 5 µs, more than the rest
 * of the pipeline (docs/bench.md, Profiles). Here they cost an object assignment and reach the log
 * line as its first extra input, so they sit exactly where `appendKeys` would put them. A call below
 * the log level returns before Powertools does any work.
 */
export class ApiLogger extends Logger {
  #requestKeys: LogAttributes = {};
  #threshold: number | undefined;

  override appendKeys(attributes: LogAttributes): void {
    Object.assign(this.#requestKeys, attributes);
  }

  override removeKeys(keys: string[]): void {
    for (const key of keys) delete this.#requestKeys[key];
  }

  override resetKeys(): void {
    this.#requestKeys = {};
  }

  override setLogLevel(logLevel: Parameters<Logger['setLogLevel']>[0]): void {
    super.setLogLevel(logLevel);
    this.#threshold = undefined;
  }

  protected override processLogItem(
    logLevel: number,
    input: LogItemMessage,
    extraInput: LogItemExtraInput,
  ): void {
    // `level` reads Powertools' store (and the environment) once; setLogLevel forgets the copy.
    this.#threshold ??= this.level;
    if (logLevel < this.#threshold) return;
    // Powertools reads every extra input in turn (objects merged, an Error as `error`): the keys go first.
    const withKeys = [{ ...this.#requestKeys }, ...extraInput] as LogItemExtraInput;
    super.processLogItem(logLevel, input, withKeys);
  }
}

/**
 * One structured JSON logger per process. Request ids are appended per request; bodies, headers,
 * tokens and secrets are never passed to it.
 */
export const logger = new ApiLogger(loggerConfig());
