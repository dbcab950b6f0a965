/**
 * Runs every contender once per repetition, rotating which one goes first (AB, BA, AB...), so a
 * neighbour's burst on the shared cores lands on all of them alike. Returns samples per contender.
 */
export async function alternate(
  repetitions: number,
  contenders: readonly (() => Promise<number>)[],
): Promise<number[][]> {
  const samples = contenders.map((): number[] => []);
  for (let repetition = 0; repetition < repetitions; repetition++) {
    for (let turn = 0; turn < contenders.length; turn++) {
      const index = (turn + repetition) % contenders.length;
      const run = contenders[index] as () => Promise<number>;
      (samples[index] as number[]).push(await run());
    }
  }
  return samples;
}

/** Milliseconds since an arbitrary origin, sub-microsecond resolution. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
