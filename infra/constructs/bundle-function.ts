import { build } from 'esbuild';
import { functionBundleOptions } from './bundle.ts';

/** `bundle-function.ts <entry> <outdir>`: one function's code, as Lambda gets it (bundleFunctionSync). */
const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) {
  process.stderr.write('usage: bundle-function.ts <entry> <outdir>\n');
  process.exit(2);
}
await build(functionBundleOptions(entry, outdir));
