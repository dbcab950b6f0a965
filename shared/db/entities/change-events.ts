import type { ChangeEventOutbox } from '../../domain/booking/ports.ts';
import type { DomainEvent } from '../../domain/events.ts';
import { transact } from '../transaction.ts';
import { eventWrite } from './event.ts';

/**
 * The events of one change, written together once (one TransactWriteItems of their outbox items).
 * Their ids come from the change, so a second publication (a stream record delivered again) finds
 * them written and changes nothing.
 */
export async function publishEvents(events: readonly DomainEvent[]): Promise<void> {
  const outcome = await transact(events.map((event) => eventWrite(event).item));
  if (outcome.committed || outcome.reason === 'condition') return;
  throw new Error(`Publishing ${events.length} events kept meeting a concurrent writer`);
}

export const changeEventOutbox = { publish: publishEvents } satisfies ChangeEventOutbox;
