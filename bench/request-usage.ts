import { AsyncLocalStorage } from 'node:async_hooks';
import { LocalFileSigningKeys } from '../shared/crypto/local-signing-keys.ts';
import { sqsWebhookQueue } from '../shared/queues/webhook-queue.ts';
import { FileSecretStore } from '../shared/secrets/store.ts';

/**
 * What one request asks of the services billed per call or per byte, besides DynamoDB
 * (shared/db/consumed-capacity.ts): counted at the ports whose AWS adapters make exactly one call each.
 * The local stage reads secrets from files and signs with key files; in AWS the same calls are a
 * Secrets Manager GetSecretValue and a KMS Sign, so the stand-ins are counted.
 */
export interface RequestUsage {
  /** Bytes written to stdout and stderr: in Lambda, what the function's log group ingests. */
  logBytes: number;
  secretsManagerCalls: number;
  /** kms:Sign with an ECC key: an asymmetric request. */
  kmsSignCalls: number;
  sqsCalls: number;
}

const usages = new AsyncLocalStorage<RequestUsage>();

const counted = <A extends unknown[], R>(
  original: (...args: A) => R,
  count: (usage: RequestUsage) => void,
): ((...args: A) => R) =>
  function (this: unknown, ...args: A): R {
    const usage = usages.getStore();
    if (usage) count(usage);
    return original.apply(this, args);
  };

let installed = false;

/**
 * Wraps the ports' local adapters and the process's output streams once, for the bench process only.
 * Outside `withRequestUsage` every wrapper passes through: the stage's pollers and the bench's own log
 * are never counted.
 */
export function installRequestUsageCounters(): void {
  if (installed) return;
  installed = true;
  FileSecretStore.prototype.get = counted(FileSecretStore.prototype.get, (usage) => {
    usage.secretsManagerCalls++;
  });
  const signer = LocalFileSigningKeys.prototype.signer;
  LocalFileSigningKeys.prototype.signer = function (this: LocalFileSigningKeys, keyRef, kid) {
    const bare = signer.call(this, keyRef, kid);
    return {
      kid: bare.kid,
      sign: counted(bare.sign, (usage) => {
        usage.kmsSignCalls++;
      }),
    };
  };
  sqsWebhookQueue.postpone = counted(sqsWebhookQueue.postpone, (usage) => {
    usage.sqsCalls++;
  });
  sqsWebhookQueue.deadLetter = counted(sqsWebhookQueue.deadLetter, (usage) => {
    usage.sqsCalls++;
  });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      const usage = usages.getStore();
      if (usage)
        usage.logBytes +=
          typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
  }
}

export async function withRequestUsage<T>(
  work: () => Promise<T>,
): Promise<{ result: T; usage: RequestUsage }> {
  const usage: RequestUsage = { logBytes: 0, secretsManagerCalls: 0, kmsSignCalls: 0, sqsCalls: 0 };
  const result = await usages.run(usage, work);
  return { result, usage };
}
