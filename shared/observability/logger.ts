import { Logger } from '@aws-lambda-powertools/logger';
import type {
  ConstructorOptions,
  LogAttributes,
  LogItemExtraInput,
  LogItemMessage,
} from '@aws-lambda-powertools/logger/types';
import { loggerConfig } from '../config/env.ts';

type LogLevelName = Parameters<Logger['setLogLevel']>[0];

/**
 * Powertools' Logger with the per-request keys (request id, account, ...) kept outside it, in a plain
 * object. Powertools keeps temporary keys in invocation-scoped stores that read an environment
 * variable on every access: resetting and appending the keys of one request cost about 5 µs, more
 * than the rest of the pipeline (docs/bench.md, Profiles). Here they reach the log line as its first
 * extra input, so they sit exactly where `appendKeys` would put them. A call below the log level
 * returns before Powertools does any work.
 */
class ApiLogger extends Logger {
  readonly #requestKeys: () => LogAttributes;
  #threshold: number | undefined;

  constructor(options: ConstructorOptions, requestKeys: () => LogAttributes) {
    super(options);
    this.#requestKeys = requestKeys;
  }

  override setLogLevel(logLevel: LogLevelName): void {
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
    const withKeys = [{ ...this.#requestKeys() }, ...extraInput] as LogItemExtraInput;
    super.processLogItem(logLevel, input, withKeys);
  }
}

/**
 * What the handlers log through: the request keys, and Powertools' Logger (ApiLogger) built with the
 * first line written. Building it reads the configuration and sets up its formatter and console,
 * about 3 ms a cold start would otherwise pay (docs/bench.md, "Cold start"); a request that logs
 * nothing, as a served request does, never needs it.
 */
export class RequestLogger {
  #requestKeys: LogAttributes = {};
  #logger: ApiLogger | undefined;
  readonly #options: () => ConstructorOptions;

  constructor(options: () => ConstructorOptions) {
    this.#options = options;
  }

  #powertools(): ApiLogger {
    this.#logger ??= new ApiLogger(this.#options(), () => this.#requestKeys);
    return this.#logger;
  }

  appendKeys(attributes: LogAttributes): void {
    Object.assign(this.#requestKeys, attributes);
  }

  removeKeys(keys: string[]): void {
    for (const key of keys) delete this.#requestKeys[key];
  }

  resetKeys(): void {
    this.#requestKeys = {};
  }

  setLogLevel(logLevel: LogLevelName): void {
    this.#powertools().setLogLevel(logLevel);
  }

  debug(input: LogItemMessage, ...extraInput: LogItemExtraInput): void {
    this.#powertools().debug(input, ...extraInput);
  }

  info(input: LogItemMessage, ...extraInput: LogItemExtraInput): void {
    this.#powertools().info(input, ...extraInput);
  }

  warn(input: LogItemMessage, ...extraInput: LogItemExtraInput): void {
    this.#powertools().warn(input, ...extraInput);
  }

  error(input: LogItemMessage, ...extraInput: LogItemExtraInput): void {
    this.#powertools().error(input, ...extraInput);
  }
}

/**
 * One structured JSON logger per process. Request ids are appended per request; bodies, headers,
 * tokens and secrets are never passed to it.
 */
export const logger = new RequestLogger(loggerConfig);
