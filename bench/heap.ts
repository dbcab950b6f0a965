import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Full collections on demand, so heap figures are what a process keeps, not what it has not collected
 * yet. Twice: the first run's finalizers can free more.
 */
export function collector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}
