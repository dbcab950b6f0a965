export type Log = (message: string) => void;

/** What a stage's `stop()` undoes, last started first; one that fails is logged and the others still stop. */
export class Stoppers {
  private readonly steps: (() => Promise<void>)[] = [];

  constructor(private readonly log: Log) {}

  add(step: () => Promise<void>): void {
    this.steps.push(step);
  }

  async stopAll(): Promise<void> {
    for (const stopOne of this.steps.splice(0).reverse()) {
      await stopOne().catch((error: unknown) => this.log(`stopping: ${(error as Error).message}`));
    }
  }
}
