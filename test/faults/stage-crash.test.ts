import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StageProcess } from './support/stage-process.ts';
import { eventually, newKeys, pool, Receiver, World } from './support/world.ts';

/**
 * The scenario, as a new user would meet it: `npm start`, a webhook subscription, a burst of
 * 60 lounge booking creates, SIGKILL of the stage's whole process group in the middle of it, `npm start`
 * again on the same state dir, and every create retried with its key.
 */
describe('a stage killed (SIGKILL of its process group) in the middle of a burst of creates', () => {
  let stage: StageProcess;
  let world: World;
  let receiver: Receiver;

  beforeAll(async () => {
    stage = await StageProcess.create({ WEBHOOK_RETRY_SCHEDULE: '1,1,1,1', WEBHOOK_TIMEOUT_MS: '2000' });
    await stage.start();
    world = new World(stage);
    receiver = await new Receiver(stage.stageJson.webhook_receiver).start();
  });

  afterAll(async () => {
    await world?.close();
    await receiver?.stop();
    await stage?.dispose();
  });

  it('comes back with one booking per key, every booking Issued and every event delivered', async () => {
    const subscribedAt = new Date().toISOString();
    await world.subscribe(receiver.url);
    const keys = newKeys(60);

    // Prepare: the burst, and the kill once a third of it has been answered.
    let answered = 0;
    let killing: Promise<void> | undefined;
    const before = await pool(keys, 10, async (key) => {
      const response = await world.createBooking(key);
      answered++;
      // The restart below does not wait for the killed stage's DynamoDB Local: the stage does (stage.lock).
      if (answered === 20) killing = stage.kill({ waitForDatabase: false });
      return response;
    });
    await killing;
    const acceptedBefore = new Map<string, string>();
    before.forEach((response, index) => {
      if (response?.status === 202)
        acceptedBefore.set(keys[index] as string, response.body.booking_id as string);
    });

    // Act: start again on the same state dir and retry every create with its key.
    await stage.start();
    await world.reconnect();
    const retried = await pool(keys, 10, (key) => world.createBooking(key));

    // Assess: every retry converges on one booking per key; what answered 202 before is that booking.
    expect(retried.map((response) => response?.status)).toEqual(keys.map(() => 202));
    const bookingIds = retried.map((response) => response?.body.booking_id as string);
    expect(new Set(bookingIds).size).toBe(60);
    for (const [key, bookingId] of acceptedBefore) expect(bookingIds[keys.indexOf(key)]).toBe(bookingId);

    const bookings = await eventually(async () => {
      const stored = await world.items('Booking');
      expect(
        stored.map((item) => item.status),
        stage.log(),
      ).toEqual(stored.map(() => 'Issued'));
      expect(stored).toHaveLength(60);
      return stored;
    }, 90_000);
    expect(new Set(bookings.map((item) => item.booking_id))).toEqual(new Set(bookingIds));

    const events = await eventually(async () => {
      const stored = (await world.items('Event')).filter((item) => String(item.timestamp) >= subscribedAt);
      const missing = stored.filter((item) => !receiver.ids().has(item.event_id as string));
      const deliveries = await world.items('Delivery');
      const byStatus = deliveries.reduce<Record<string, number>>((counts, item) => {
        counts[String(item.status)] = (counts[String(item.status)] ?? 0) + 1;
        return counts;
      }, {});
      expect(
        missing.map((item) => item.event_id),
        `${missing.length} of ${stored.length} events not received; deliveries ${JSON.stringify(byStatus)}\n${stage.log()}`,
      ).toEqual([]);
      return stored;
    }, 90_000);
    const deliveries = await eventually(async () => {
      const stored = await world.items('Delivery');
      expect(stored.map((item) => item.status)).toEqual(stored.map(() => 'Succeeded'));
      return stored;
    }, 30_000);
    expect(new Set(deliveries.map((item) => item.event_id))).toEqual(
      new Set(events.map((item) => item.event_id)),
    );
    // At least once: only a delivery under way at the kill (one dispatcher batch) may arrive twice.
    expect(receiver.duplicates().length).toBeLessThanOrEqual(10);
    console.info(
      `[faults] crash: ${acceptedBefore.size} of 60 creates answered 202 before the kill, ` +
        `${events.length} events, ${receiver.duplicates().length} received twice`,
    );
  });
});
