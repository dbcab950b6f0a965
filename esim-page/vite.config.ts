import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { esimPageContentSecurityPolicy } from './csp.ts';

const pageDir = fileURLToPath(new URL('.', import.meta.url));

function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'esim-page-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: esimPageContentSecurityPolicy('meta') },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  root: pageDir,
  base: './',
  plugins: [contentSecurityPolicyMeta()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    sourcemap: true,
    target: 'es2022',
  },
  server: { host: '127.0.0.1', strictPort: false },
});
