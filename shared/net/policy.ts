import { readFileSync } from 'node:fs';
import { outboundConfig, type PortRange } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import type { AddressPolicy } from './address.ts';

/**
 * How far webhook deliveries may reach. Production defaults are strict; the local stage loosens three
 * things by configuration only: loopback targets (WEBHOOK_ALLOW_LOOPBACK=true), ports other than 443
 * (WEBHOOK_ALLOWED_PORTS) and its own CA (WEBHOOK_EXTRA_CA_FILE). WEBHOOK_RESOLVE (`name=address,...`, like curl --resolve) pins names for
 * tests on the local stage and is ignored on every other stage.
 */
export interface OutboundPolicy extends AddressPolicy {
  /** Ports a target may use besides 443 (shared/net/port.ts). */
  allowedPorts: readonly PortRange[];
  extraCa: string | undefined;
  resolveOverrides: ReadonlyMap<string, string>;
}

function parseOverrides(value: string | undefined): Map<string, string> {
  const overrides = new Map<string, string>();
  for (const entry of (value ?? '').split(',')) {
    const [name, address] = entry.split('=').map((part) => part.trim());
    if (name && address) overrides.set(name.toLowerCase(), address);
  }
  return overrides;
}

let cached: OutboundPolicy | undefined;

export function outboundPolicy(): OutboundPolicy {
  if (!cached) {
    const { local, allowLoopback, allowedPorts, extraCaFile, resolve } = outboundConfig();
    cached = {
      allowLoopback,
      allowedPorts,
      extraCa: extraCaFile ? readFileSync(extraCaFile, 'utf8') : undefined,
      resolveOverrides: local ? parseOverrides(resolve) : new Map(),
    };
  }
  return cached;
}

function resetOutboundPolicy(): void {
  cached = undefined;
}
onReset(resetOutboundPolicy);
