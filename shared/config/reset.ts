/**
 * Module caches (clients, keys, settings read once) forget what they hold through one call: tests and
 * the local stage point the same process at other endpoints, secrets or settings between runs. A
 * module registers its reset when it loads, so a module never loaded has nothing to forget.
 */
const resets: (() => void)[] = [];

export function onReset(reset: () => void): void {
  resets.push(reset);
}

/** Like a new Lambda container: the next call reads configuration, secrets and endpoints again. */
export function resetModuleCaches(): void {
  for (const reset of resets) reset();
}
