import type { DomainEvent } from '../events.ts';

/** docs/contract.md, Limits: a notification body is at most 64 KB. */
export const maxEnvelopeBytes = 64 * 1024;

export interface Envelope {
  id: string;
  event: DomainEvent['type'];
  timestamp: string;
  data: Record<string, unknown>;
}

export function envelopeOf(event: DomainEvent): Envelope {
  return { id: event.id, event: event.type, timestamp: event.timestamp, data: event.data };
}

/** The exact bytes sent and signed; `tooLarge` when they exceed the limit (never truncated). */
export function serializeEnvelope(event: DomainEvent): { body: string; bytes: number; tooLarge: boolean } {
  const body = JSON.stringify(envelopeOf(event));
  const bytes = Buffer.byteLength(body, 'utf8');
  return { body, bytes, tooLarge: bytes > maxEnvelopeBytes };
}
