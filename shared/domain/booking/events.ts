import { createHash } from 'node:crypto';
import type { EventType } from '../events.ts';
import { type Booking, passStatusOf } from './model.ts';

export interface ChangeEvent {
  /** The same for every publication of the same change: a redelivered stream record writes nothing new. */
  id: string;
  type: Extract<EventType, 'booking.status.changed' | 'pass.status.changed'>;
  data: Record<string, unknown>;
}

/** A UUID (version 8, RFC 9562) derived from the change and the event type. */
export function changeEventId(changeId: string, type: ChangeEvent['type']): string {
  const bytes = createHash('sha256').update(`${changeId}\u0000${type}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The events of one change (docs/webhooks.md, What a receiver gets), from the booking before and after
 * it: one per status that moved, the booking's and its pass's. Creation reports the first status with
 * `previous_status: null`, and so does the pass's issue, so a subscriber sees every status a booking
 * or pass ever had.
 */
export function changeEvents(before: Booking | null, after: Booking, changeId: string): ChangeEvent[] {
  const common = { booking_id: after.bookingId, service_type: after.serviceType };
  const events: ChangeEvent[] = [];
  if (before?.status !== after.status) {
    events.push({
      id: changeEventId(changeId, 'booking.status.changed'),
      type: 'booking.status.changed',
      data: { ...common, status: after.status, previous_status: before?.status ?? null },
    });
  }
  const passBefore = before ? passStatusOf(before) : null;
  const passAfter = passStatusOf(after);
  if (passAfter !== null && passAfter !== passBefore) {
    events.push({
      id: changeEventId(changeId, 'pass.status.changed'),
      type: 'pass.status.changed',
      data: {
        ...common,
        pass_id: after.pass?.passId,
        status: passAfter,
        previous_status: passBefore,
        // Additive fields of a use (docs/redemptions.md): who was admitted, and when at the door.
        ...(passAfter === 'Used' && after.passUse
          ? { used_guests_count: after.passUse.usedGuestsCount, redeemed_at: after.passUse.usedAt }
          : {}),
      },
    });
  }
  return events;
}
