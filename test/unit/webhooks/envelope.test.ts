import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../shared/domain/events.ts';
import { maxEnvelopeBytes, serializeEnvelope } from '../../../shared/domain/webhooks/envelope.ts';

function eventWithData(data: Record<string, unknown>): DomainEvent {
  return {
    id: '5b1d1f4e-3a52-4bb4-9d0e-2f7f1c2b9a10',
    accountId: 'account',
    type: 'booking.status.changed',
    timestamp: '2025-01-01T00:00:00.000Z',
    orderingKey: 'booking',
    data,
  };
}

describe('the notification envelope', () => {
  it('is {id, event, timestamp, data} and nothing else', () => {
    const { body } = serializeEnvelope(eventWithData({ booking_id: 'b', status: 'Issued' }));

    expect(JSON.parse(body)).toEqual({
      id: '5b1d1f4e-3a52-4bb4-9d0e-2f7f1c2b9a10',
      event: 'booking.status.changed',
      timestamp: '2025-01-01T00:00:00.000Z',
      data: { booking_id: 'b', status: 'Issued' },
    });
  });

  it('measures the limit in UTF-8 bytes: 64 KB passes, one byte more does not', () => {
    const overhead = serializeEnvelope(eventWithData({ text: '' })).bytes;
    const atLimit = serializeEnvelope(eventWithData({ text: 'x'.repeat(maxEnvelopeBytes - overhead) }));
    const aboveLimit = serializeEnvelope(
      eventWithData({ text: `${'x'.repeat(maxEnvelopeBytes - overhead - 1)}é` }),
    );

    expect(atLimit).toMatchObject({ bytes: 65_536, tooLarge: false });
    expect(aboveLimit).toMatchObject({ bytes: 65_537, tooLarge: true });
  });
});
