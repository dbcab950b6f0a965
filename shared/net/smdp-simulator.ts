import { config } from '../config/env.ts';
import type { SmdpSimulator } from '../domain/esim/ports.ts';

/** The local stage's simulated SM-DP+ (infra/local/smdp-simulator.ts), when the stage runs one. */
export function smdpSimulator(): SmdpSimulator | undefined {
  const endpoint = config().smdpSimulatorEndpoint;
  if (!endpoint) return undefined;
  return {
    async report(iccid, state) {
      const response = await fetch(new URL('/report', endpoint), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ iccid, state }),
      });
      if (!response.ok)
        throw new Error(`The simulated SM-DP+ answered ${response.status}: ${await response.text()}`);
    },
  };
}
