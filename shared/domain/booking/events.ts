import type { EventType } from '../events.ts';
import type { BookingChange } from './ports.ts';

export interface ChangeEvent {
  type: Extract<EventType, 'booking.status.changed' | 'pass.status.changed'>;
  data: Record<string, unknown>;
}

/**
 * The events of a change (docs/webhooks.md, What a receiver gets): one per status that moved. Creation
 * reports the first status with `previous_status: null`, so a subscriber sees every status a booking or
 * pass ever had.
 */
export function changeEvents(change: BookingChange): ChangeEvent[] {
  const { before, after, pass } = change;
  const common = { booking_id: after.bookingId, service_type: after.serviceType };
  const events: ChangeEvent[] = [];
  if (before?.status !== after.status) {
    events.push({
      type: 'booking.status.changed',
      data: { ...common, status: after.status, previous_status: before?.status ?? null },
    });
  }
  if (pass?.kind === 'create') {
    events.push({
      type: 'pass.status.changed',
      data: { ...common, pass_id: pass.pass.passId, status: pass.pass.status, previous_status: null },
    });
  } else if (pass) {
    events.push({
      type: 'pass.status.changed',
      data: { ...common, pass_id: pass.passId, status: pass.to, previous_status: pass.from },
    });
  }
  return events;
}
