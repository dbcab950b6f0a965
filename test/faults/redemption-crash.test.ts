import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StageProcess } from './support/stage-process.ts';
import { eventually, type Json, newKeys, pool, World } from './support/world.ts';

/**
 * Issue 36's crash scenario (docs/billing.md, Ledger): a seeded partner (a per_visit contract, priced
 * lounges) has 30 confirmed bookings; a burst of sandbox pass-used calls (the redemption use case)
 * runs, the stage's whole process group is killed (SIGKILL) in the middle of it, the stage starts
 * again on the same state dir, and every pass-used is sent again. Each redemption commits with its
 * visit line in one transaction, so there is exactly one visit line per redeemed pass: none lost with
 * a redemption that committed, none doubled by a retry.
 */
describe('a stage killed in the middle of a burst of redemptions', () => {
  let stage: StageProcess;
  let world: World;

  beforeAll(async () => {
    stage = await StageProcess.create({});
    await stage.start();
    world = new World(stage);
  });

  afterAll(async () => {
    await world?.close();
    await stage?.dispose();
  });

  it('leaves exactly one visit line per redemption, and every pass redeemed once', async () => {
    // Prepare: 30 bookings, issued by the processor, confirmed.
    const created = await pool(newKeys(30), 5, (key) => world.createBooking(key));
    const bookingIds = created.map((response) => response?.body.booking_id as string);
    expect(bookingIds.every(Boolean)).toBe(true);
    await eventually(async () => {
      const stored = await world.items('Booking');
      expect(stored.filter((item) => item.status === 'Issued')).toHaveLength(30);
    }, 60_000);
    const confirmed = await pool(bookingIds, 5, (bookingId) =>
      world.call('POST', `/v2/b2b/booking/lounges/${bookingId}/confirm`),
    );
    expect(confirmed.map((response) => response?.status)).toEqual(bookingIds.map(() => 200));
    const used = (bookingId: string) =>
      world.call('POST', '/v2/b2b/sandbox/pass-used', {
        body: { booking_id: bookingId, used_guests_count: 1 },
      });

    // Act: the burst, the kill once a third of it was answered, a restart, and every call again.
    let answered = 0;
    let killing: Promise<void> | undefined;
    await pool(bookingIds, 6, async (bookingId) => {
      const response = await used(bookingId);
      answered++;
      if (answered === 10) killing = stage.kill({ waitForDatabase: false });
      return response;
    });
    await killing;
    await stage.start();
    await world.reconnect();
    const retried = await pool(bookingIds, 6, used);

    // Assess: each retry is redeemed now (200) or was before the kill (409 PassNotReady: Used).
    for (const response of retried) {
      expect([200, 409]).toContain(response?.status);
      if (response?.status === 409) expect(response.body.code).toBe('PassNotReady');
    }
    const bookings = await world.items('Booking');
    const redemptions = (await world.items('Redemption')) as Json[];
    const lines = (await world.items('LedgerLine')).filter((line) => line.kind === 'visit');
    expect(bookings.filter((item) => item.pass_used_guests_count === 1)).toHaveLength(30);
    expect(new Set(redemptions.map((item) => item.pass_id)).size).toBe(30);
    expect(lines).toHaveLength(30);
    expect(new Set(lines.map((line) => line.booking_id))).toEqual(new Set(bookingIds));
    expect(new Set(lines.map((line) => line.redemption_id))).toEqual(
      new Set(redemptions.map((item) => item.redemption_id)),
    );
    // The statement's running totals count each line once.
    const period = String(lines[0]?.period);
    const statement = await world.call<{ totals: { line_count: number }[] }>(
      'GET',
      `/v2/b2b/billing/statements/${period}`,
    );
    expect(statement.body.totals.reduce((count, total) => count + total.line_count, 0)).toBe(30);
    console.info(`[faults] redemption crash: ${answered} pass-used answered before the restart`);
  });
});
