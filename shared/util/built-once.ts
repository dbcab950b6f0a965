/**
 * A value built on its first use and kept. For schemas a function may never use: the first zod schema
 * a process builds compiles zod's own code, 8-14 ms of a cold start, so a function whose requests need
 * no schema (the authorizer) must not build one while it loads (docs/bench.md, "Cold start").
 */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
