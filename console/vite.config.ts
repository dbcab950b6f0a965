import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { buildTimeConnectSources, contentSecurityPolicy } from './csp.ts';

/** Writes the build-time policy into index.html; dev mode goes without it (Vite injects inline styles there). */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'console-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: contentSecurityPolicy({ connect: buildTimeConnectSources }, 'meta'),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [contentSecurityPolicyMeta()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline data: URLs for assets, so img-src and font-src can stay 'self'.
    assetsInlineLimit: 0,
    sourcemap: true,
    target: 'es2022',
  },
  server: { host: '127.0.0.1', strictPort: false },
  preview: { host: '127.0.0.1' },
});
