import { join } from 'node:path';
import {
  employeeRolesNotice,
  localEmployeeRoles,
  localPorts,
  localQueueOutageMs,
  localStateDir,
} from './config.ts';
import { startStage } from './stage.ts';

/** `npm start`: the persistent local stage on fixed ports until Ctrl-C or SIGTERM. */
const stateDir = localStateDir();
const started = Date.now();

try {
  const ports = localPorts();
  const employeeRoles = localEmployeeRoles();
  console.log(`[local] ${employeeRolesNotice(employeeRoles)}`);
  const stage = await startStage({
    stateDir,
    apiPort: ports.api,
    authPort: ports.auth,
    adminPort: ports.admin,
    idpPort: ports.idp,
    consolePort: ports.console,
    docsPort: ports.docs,
    venuePort: ports.venue,
    scannerPort: ports.scanner,
    es2plusPort: ports.es2plus,
    esimPagePort: ports.esimPage,
    employeeRoles,
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
  // The fault suite's queue outage: the emulator stops for LOCAL_QUEUE_OUTAGE_MS (default 2 s) and comes
  // back on the same port and data (docs/reliability.md).
  process.on('SIGUSR2', () => {
    stage.restartQueueEmulator(localQueueOutageMs()).catch((error: unknown) => {
      console.error('[local] the queue emulator did not restart:', error);
    });
  });

  const { base_url, auth_url, admin_url, console_url, docs_url, idp } = stage.stageJson;
  console.log(
    `[local] ready in ${((Date.now() - started) / 1000).toFixed(1)} s: base_url ${base_url} (mutual TLS), ` +
      `auth_url ${auth_url}, admin_url ${admin_url}, console_url ${console_url}, docs_url ${docs_url}, ` +
      `identity provider ${idp.issuer}, ` +
      `stage.json at ${join(stateDir, 'stage.json')}`,
  );
} catch (error) {
  console.error('[local] the stage did not start:', error);
  process.exit(1);
}
