import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { render } from 'preact';
import { scannerContentSecurityPolicy } from '../csp.ts';
import { App } from './App.tsx';
import { loadConfig } from './config.ts';

const root = document.getElementById('root');

async function start(): Promise<void> {
  if (!root) return;
  if ('serviceWorker' in navigator) {
    // The shell works without it (it only adds offline starts), so a refusal is no reason to stop.
    navigator.serviceWorker.register('./sw.js').catch(() => {});
  }
  try {
    const config = await loadConfig();
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = scannerContentSecurityPolicy(
      { connect: [new URL(config.authUrl).origin, new URL(config.venueUrl).origin] },
      'meta',
    );
    document.head.append(meta);
    render(<App config={config} />, root);
  } catch (error) {
    render(
      <main class="container">
        <p role="alert">The scanner could not start: {(error as Error).message}</p>
      </main>,
      root,
    );
  }
}

void start();
