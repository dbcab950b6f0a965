import { join, resolve } from 'node:path';
import { startStage } from './stage.ts';

/** `npm start`: the persistent local stage on fixed ports until Ctrl-C or SIGTERM. */
function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
}

const stateDir = resolve(process.env.LOCAL_STATE_DIR ?? '.local');
const started = Date.now();

try {
  const stage = await startStage({
    stateDir,
    apiPort: port('LOCAL_API_PORT', 8443),
    authPort: port('LOCAL_AUTH_PORT', 8444),
    persistent: true,
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[local] ${signal}: stopping`);
    stage.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));

  const { base_url, auth_url } = stage.stageJson;
  console.log(
    `[local] ready in ${((Date.now() - started) / 1000).toFixed(1)} s: base_url ${base_url} (mutual TLS), ` +
      `auth_url ${auth_url}, stage.json at ${join(stateDir, 'stage.json')}`,
  );
} catch (error) {
  console.error('[local] the stage did not start:', error);
  process.exit(1);
}
