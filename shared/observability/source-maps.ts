import { install } from 'source-map-support';

/**
 * Stack traces from a deployed bundle name the TypeScript file and line, mapped on demand: the bundle's
 * source map is read the first time a stack is formatted (an error being logged). Node's own
 * `--enable-source-maps` reads and parses it while the bundle loads, which cost 22-32 ms of every cold
 * start for our 1.3-1.6 MB maps (docs/bench.md). ApiFunction injects this module into every bundle; the
 * local stage runs the sources through tsx, which maps them itself.
 */
install({ environment: 'node', handleUncaughtExceptions: false });
