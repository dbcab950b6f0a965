import { startFauxqs } from 'fauxqs';
import { queues } from '../functions.ts';
import { region, type StageEndpoints } from './stage-json.ts';

type Fauxqs = Awaited<ReturnType<typeof startFauxqs>>;

/** Where a persistent emulator keeps its queues and its S3 objects. */
export interface EmulatorStorage {
  dataDir: string;
  s3StorageDir: string;
}

/** fauxqs (SQS and S3) in this process, restartable on the same port and data dirs. */
export class QueueEmulator {
  private server: Fauxqs | undefined;

  private constructor(private readonly storage: EmulatorStorage | undefined) {}

  static async start(storage: EmulatorStorage | undefined): Promise<QueueEmulator> {
    const emulator = new QueueEmulator(storage);
    emulator.server = await emulator.launch(0);
    return emulator;
  }

  get persistent(): boolean {
    return this.storage !== undefined;
  }

  private launch(port: number): Promise<Fauxqs> {
    return startFauxqs({
      port,
      host: '127.0.0.1',
      logger: false,
      defaultRegion: region,
      ...this.storage,
    });
  }

  private get running(): Fauxqs {
    if (!this.server) throw new Error('The queue emulator is stopped');
    return this.server;
  }

  /** Stays the same across restarts: every client keeps its endpoint. */
  get address(): string {
    return this.running.address;
  }

  setup(config: Parameters<Fauxqs['setup']>[0]): ReturnType<Fauxqs['setup']> {
    return this.running.setup(config);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.stop();
  }

  async restart(downForMs: number): Promise<void> {
    const port = this.running.port;
    await this.stop();
    await new Promise((resolve) => setTimeout(resolve, downForMs));
    this.server = await this.launch(port);
  }
}

/** The catalog images bucket (CDK: the stateful stack's ImagesBucket). */
export const imagesBucket = 'partner-travel-local-images';

/** The buckets CDK deploys; the SQS emulator serves S3 on the same address. Idempotent on restart. */
export function createBuckets(emulator: QueueEmulator): void {
  emulator.setup({ buckets: [imagesBucket] });
}

/** Every queue of the registry with its dead-letter queue and redrive policy, as CDK deploys them. */
export function createQueues(emulator: QueueEmulator): StageEndpoints['queues'] {
  const createdQueues: StageEndpoints['queues'] = {};
  for (const queue of queues) {
    const fifo = queue.fifo ? { FifoQueue: 'true' } : undefined;
    const suffix = queue.fifo ? '.fifo' : '';
    const [deadLetter] = emulator.setup({
      queues: [{ name: `${queue.name}-dlq${suffix}`, region, ...(fifo ? { attributes: fifo } : {}) }],
    }).queues;
    const [created] = emulator.setup({
      queues: [
        {
          name: `${queue.name}${suffix}`,
          region,
          attributes: {
            ...fifo,
            VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
            RedrivePolicy: JSON.stringify({
              deadLetterTargetArn: deadLetter?.arn,
              maxReceiveCount: queue.maxReceiveCount,
            }),
          },
        },
      ],
    }).queues;
    if (!created || !deadLetter) throw new Error(`Queue ${queue.name} was not created`);
    createdQueues[queue.name] = { url: created.url, arn: created.arn, deadLetterUrl: deadLetter.url };
  }
  return createdQueues;
}
