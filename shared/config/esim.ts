import type { Stage } from '../vocabulary/stage.ts';
import { config } from './env.ts';

/**
 * The SM-DP+ server eSIM profiles are downloaded from: part of every activation code, so it is
 * configuration (ESIM_SMDP_ADDRESS, set by CDK from the stage configuration). Stages other than prod
 * fall back to an address of their own under example.com, which no phone will ever install from.
 */
export const defaultSmdpAddress = (stage: Exclude<Stage, 'prod'>) =>
  `smdp.${stage}.partner-travel.example.com`;

/** Resolved on each call from the cached runtime config (which checks the host name), so `resetModuleCaches()` covers it. */
export function esimSmdpAddress(): string {
  const { stage, esimSmdpAddress: configured } = config();
  if (configured) return configured;
  if (stage === 'prod') throw new Error('ESIM_SMDP_ADDRESS must be set in prod');
  return defaultSmdpAddress(stage);
}
