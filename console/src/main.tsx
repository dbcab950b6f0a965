import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { render } from 'preact';
import { contentSecurityPolicy, originOf } from '../csp.ts';
import { App } from './App.tsx';
import { beginLogin, completeLogin, isLoginReturn } from './auth/login.ts';
import { safeReturnRoute } from './auth/login-state.ts';
import { getSession } from './auth/session.ts';
import { type ConsoleConfig, loadConfig } from './config.ts';
import { ErrorBoundary } from './ui/ErrorBoundary.tsx';
import { StartupProblem } from './ui/StartupProblem.tsx';

const root = document.getElementById('root');

/**
 * Narrows connect-src to the two configured origins. The build's policy allows any https origin
 * because it cannot know the stage; a second policy is enforced together with the first.
 */
function narrowContentSecurityPolicy(config: ConsoleConfig): void {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = contentSecurityPolicy(
    { connect: [originOf(config.authUrl), originOf(config.adminUrl)] },
    'meta',
  );
  document.head.append(meta);
}

async function start(): Promise<void> {
  if (!root) return;
  const show = (node: preact.ComponentChild) => render(<ErrorBoundary>{node}</ErrorBoundary>, root);
  show(
    <p role="status" class="container">
      Starting the console…
    </p>,
  );

  let config: ConsoleConfig;
  try {
    config = await loadConfig();
  } catch (error) {
    show(<StartupProblem title="The console is not configured" error={error} />);
    return;
  }
  narrowContentSecurityPolicy(config);

  if (isLoginReturn(window.location)) {
    try {
      const { returnRoute } = await completeLogin(config, window.location);
      window.history.replaceState(null, '', `${window.location.pathname}${returnRoute}`);
    } catch (error) {
      show(
        <StartupProblem
          title="Sign-in failed"
          error={error}
          onRetry={() => void beginLogin(config, '#/accounts')}
        />,
      );
      return;
    }
  }

  if (!getSession() && window.location.hash !== '#/signed-out') {
    show(
      <p role="status" class="container">
        Signing you in…
      </p>,
    );
    await beginLogin(config, safeReturnRoute(window.location.hash));
    return;
  }
  show(<App config={config} />);
}

window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection in the console', event.reason);
});

void start();
