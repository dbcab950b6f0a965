import { randomUUID } from 'node:crypto';

/**
 * Events partners receive by webhook (docs/webhooks.md, What a receiver gets). A state change stages its
 * event in the same transaction as the change (outbox); the table stream carries it to the webhook
 * pipeline, so an event exists if and only if its change committed.
 */
export const eventTypes = [
  'booking.status.changed',
  'pass.status.changed',
  'esim.package.usage_threshold_reached',
  'esim.package.exhausted',
  'esim.package.expiring',
  'esim.package.expired',
  'esim.status.changed',
  'esim.profile.status_changed',
  'billing.statement.closed',
  'webhook.ping',
] as const;

export type EventType = (typeof eventTypes)[number];

export interface DomainEvent {
  /** Unique per event and the same on every delivery attempt: receivers dedupe on it. */
  id: string;
  accountId: string;
  type: EventType;
  /** RFC 3339 UTC. */
  timestamp: string;
  /** Events of one subject (a booking, an eSIM) are delivered in order. */
  orderingKey: string;
  data: Record<string, unknown>;
}

/** A new event of this instant, with its own id: the id receivers dedupe on. */
export function newEvent(input: Omit<DomainEvent, 'id' | 'timestamp'> & { now: Date }): DomainEvent {
  const { now, ...rest } = input;
  return { id: randomUUID(), timestamp: now.toISOString(), ...rest };
}
