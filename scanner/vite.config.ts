import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { buildTimeConnectSources, scannerContentSecurityPolicy } from './csp.ts';

const scannerDir = fileURLToPath(new URL('.', import.meta.url));
/** Files of public/ that the shell needs offline (Vite copies them; they are not in the bundle). */
const publicShellFiles = ['manifest.webmanifest', 'icon.svg'];

function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'scanner-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: scannerContentSecurityPolicy({ connect: buildTimeConnectSources }, 'meta'),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** Emits sw.js with the list of every built file to precache, and a version that changes with them. */
function serviceWorker(): Plugin {
  return {
    name: 'scanner-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = [
        ...new Set([
          './',
          ...Object.keys(bundle)
            .filter((name) => !name.endsWith('.map'))
            .map((name) => `./${name}`),
          ...publicShellFiles.map((name) => `./${name}`),
          './index.html',
          // Written per stage beside the build; precached too, so the first start offline finds it.
          './config.json',
        ]),
      ].sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(`${scannerDir}service-worker.js`, 'utf8')
        .replace('self.__SCANNER_PRECACHE__', JSON.stringify(files))
        .replace('self.__SCANNER_VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  root: scannerDir,
  base: './',
  plugins: [contentSecurityPolicyMeta(), serviceWorker()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    sourcemap: true,
    target: 'es2022',
  },
  server: { host: '127.0.0.1', strictPort: false },
});
