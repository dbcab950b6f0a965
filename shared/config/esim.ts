import type { Stage } from '../routes/types.ts';
import { config } from './env.ts';

/**
 * The SM-DP+ server eSIM profiles are downloaded from: part of every activation code, so it is
 * configuration (ESIM_SMDP_ADDRESS, set by CDK from the stage configuration). Stages other than prod
 * fall back to an address of their own under example.com, which no phone will ever install from.
 */
export const defaultSmdpAddress = (stage: Exclude<Stage, 'prod'>) =>
  `smdp.${stage}.partner-travel.example.com`;

const hostname = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

let cached: string | undefined;

export function esimSmdpAddress(): string {
  if (cached) return cached;
  const { stage } = config();
  const configured = process.env.ESIM_SMDP_ADDRESS;
  if (!configured && stage === 'prod') throw new Error('ESIM_SMDP_ADDRESS must be set in prod');
  const address = configured || defaultSmdpAddress(stage as Exclude<Stage, 'prod'>);
  if (!hostname.test(address)) throw new Error(`ESIM_SMDP_ADDRESS is not a host name: ${address}`);
  cached = address;
  return address;
}

/** Tests and the local stage change the environment between runs. */
export function resetEsimConfig(): void {
  cached = undefined;
}
