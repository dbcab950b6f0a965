import { passSchema, passUsedRequestSchema } from '../schemas/booking.ts';
import { defineRoute } from './types.ts';

export const sandboxRoutes = {
  simulatePassUsed: defineRoute({
    operationId: 'simulatePassUsed',
    method: 'POST',
    path: '/v2/b2b/sandbox/pass-used',
    hosts: ['api'],
    group: 'sandbox',
    sandboxOnly: true,
    summary: 'Simulate the pass of a confirmed booking being used (local, preview and stage only)',
    description:
      'The pass must be Active (its booking Confirmed) and `used_guests_count` between 1 and its `guests_count`; ' +
      'it becomes Used and a pass.status.changed event follows. Needs the booking scope of the ' +
      "booking's own service: `booking.lounges:write` for a lounge, `booking.fast_tracks:write` for a fast-track. " +
      'Not deployed in production, where the path answers 404.',
    tags: ['Sandbox'],
    auth: { scope: 'booking.lounges:write', alternatives: ['booking.fast_tracks:write'] },
    request: { body: passUsedRequestSchema },
    responses: { 200: { description: 'The used pass', schema: passSchema } },
    errors: ['BookingNotFound', 'PassNotReady', 'ResourceNotFound'],
  }),
} as const;
