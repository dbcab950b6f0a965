import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StageProcess } from './support/stage-process.ts';
import { eventually, type Json, newKeys, Receiver, World } from './support/world.ts';

const countBy = (items: Json[], field: string) =>
  items.reduce<Record<string, number>>((counts, item) => {
    counts[String(item[field])] = (counts[String(item[field])] ?? 0) + 1;
    return counts;
  }, {});

/** Every event of the partner since `since`, once all its bookings' events exist. */
async function eventsSince(world: World, since: string, expected: number): Promise<Json[]> {
  return eventually(async () => {
    const events = (await world.items('Event')).filter((item) => String(item.timestamp) >= since);
    expect(events).toHaveLength(expected);
    return events;
  }, 60_000);
}

/**
 * Webhook receivers that fail: one down for the whole (shrunk) retry schedule, and a dispatcher that
 * dies while a receiver holds its request. One stage for both; the second kills and restarts it.
 */
describe('webhook deliveries under faults', () => {
  let stage: StageProcess;
  const worlds: World[] = [];
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    // Five attempts a second apart; a receiver gets 10 s to answer, so a held request outlives the kill.
    stage = await StageProcess.create({ WEBHOOK_RETRY_SCHEDULE: '1,1,1,1', WEBHOOK_TIMEOUT_MS: '10000' });
    await stage.start();
  });

  afterAll(async () => {
    for (const receiver of receivers) receiver.release(200);
    await Promise.all(receivers.map((receiver) => receiver.stop()));
    await Promise.all(worlds.map((world) => world.close()));
    await stage?.dispose();
  });

  async function partnerWithReceiver(index: number): Promise<{ world: World; receiver: Receiver }> {
    const world = new World(stage, index);
    const receiver = await new Receiver(stage.stageJson.webhook_receiver).start();
    worlds.push(world);
    receivers.push(receiver);
    return { world, receiver };
  }

  it('records a delivery Failed when the receiver is down for the whole retry schedule, and redelivery brings it once it is back', async () => {
    // Prepare: a subscription whose receiver is down.
    const { world, receiver } = await partnerWithReceiver(0);
    const since = new Date().toISOString();
    const webhookId = await world.subscribe(receiver.url);
    await receiver.stop();

    // Act: two bookings (three events each), delivered to nobody until the schedule is spent.
    for (const key of newKeys(2)) expect((await world.createBooking(key)).status).toBe(202);
    const events = await eventsSince(world, since, 6);
    const failed = await eventually(async () => {
      const deliveries = await world.items('Delivery');
      expect(countBy(deliveries, 'status')).toEqual({ Failed: 6 });
      return deliveries;
    }, 120_000);
    expect(failed.every((item) => (item.attempts as unknown[]).length === 5)).toBe(true);
    expect(receiver.received).toEqual([]);

    await receiver.start();
    for (const event of events) {
      const redelivered = await world.call(
        'POST',
        `/v2/b2b/webhooks/${webhookId}/deliveries/${event.event_id as string}/redeliver`,
      );
      expect(redelivered.status).toBe(202);
    }

    // Assess: every event arrives exactly once and its delivery ends Succeeded.
    await eventually(async () => {
      const deliveries = await world.items('Delivery');
      expect(countBy(deliveries, 'status')).toEqual({ Succeeded: 6 });
    }, 60_000);
    expect([...receiver.ids()].sort()).toEqual(events.map((event) => event.event_id as string).sort());
    expect(receiver.duplicates()).toEqual([]);
  });

  it('delivers again the event a dispatcher was sending when the stage died, and every later event of its booking', async () => {
    // Prepare: a receiver that holds every request without answering.
    const { world, receiver } = await partnerWithReceiver(1);
    const since = new Date().toISOString();
    await world.subscribe(receiver.url);
    receiver.behaviour = 'hold';
    expect((await world.createBooking(newKeys(1)[0] as string)).status).toBe(202);
    await eventually(async () => expect(receiver.holding).toBe(1), 60_000, 100);
    const inFlight = receiver.received[0]?.id;

    // Act: the stage dies while the dispatcher waits for the answer; the receiver then answers 200.
    await stage.kill();
    receiver.behaviour = 200;
    receiver.release(200);
    await stage.start();
    await world.reconnect();

    // Assess: the interrupted event is sent again (at least once), the rest of its group follows.
    const events = await eventsSince(world, since, 3);
    await eventually(async () => {
      const deliveries = await world.items('Delivery');
      expect(countBy(deliveries, 'status'), stage.log()).toEqual({ Succeeded: 3 });
    }, 60_000);
    expect([...receiver.ids()].sort()).toEqual(events.map((event) => event.event_id as string).sort());
    expect(receiver.duplicates()).toEqual([inFlight]);
    const delivered = receiver.received.map((entry) => entry.id);
    expect(delivered.lastIndexOf(inFlight as string)).toBe(1);
  });
});
