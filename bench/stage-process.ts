// The bench's local stage in a process of its own (`startHarness({ stageProcess: 'child' })`): its
// pollers, gateways and emulators then never show in the measured process's CPU profile.
import './environment.ts';

const { startStage } = await import('../infra/local/stage.ts');
const { benchStageOptions } = await import('./harness.ts');

const stateDir = process.argv[2];
if (!stateDir) throw new Error('usage: stage-process.ts <state dir>');
const stage = await startStage({
  ...benchStageOptions(stateDir),
  log: (message) => process.stderr.write(`${message}\n`),
});
const stop = () => {
  stage.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdout.write('ready\n');
