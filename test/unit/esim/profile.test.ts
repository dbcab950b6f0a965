import { describe, expect, it } from 'vitest';
import { handleDownloadProgressInfo } from '../../../shared/domain/esim/es2plus.ts';
import { esimEvents } from '../../../shared/domain/esim/events.ts';
import type { Esim } from '../../../shared/domain/esim/model.ts';
import {
  applyProfileNotification,
  notificationPointOf,
  notificationPointStates,
  type ProfileNotification,
  profileOf,
  rememberedCalls,
  reportedStates,
  wasDownloaded,
} from '../../../shared/domain/esim/profile.ts';
import { confirmOrder, createOrder } from '../../../shared/domain/esim/service.ts';
import { es2plusAnswer } from '../../../shared/http/views/es2plus.ts';
import { profileView } from '../../../shared/http/views/esim.ts';
import { MemoryLedger } from '../../support/memory-ledger.ts';
import {
  accountId,
  iccids,
  MemoryEsims,
  MemoryOrders,
  MemoryPool,
  MemoryTariffs,
  now,
  russia,
  smdpAddress,
  Uow,
} from './fakes.ts';

const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

async function issuedEsim() {
  const orders = new MemoryOrders();
  const esims = new MemoryEsims();
  const pool = new MemoryPool(orders, esims);
  pool.fill(accountId, iccids(1));
  const uow = new Uow();
  const order = await createOrder(
    { orders, tariffs: new MemoryTariffs(), uow },
    { accountId, now },
    {
      packageTemplateId: russia.id,
      activePeriod: 7,
      validityPeriod: 30,
    },
  );
  orders.apply(uow.writes);
  const esim = await confirmOrder(
    { orders, esims, pool, smdpAddress, ledger: new MemoryLedger(), pause: async () => undefined },
    { accountId, now },
    order.orderId,
  );
  return { esims, pool, esim };
}

function notification(point: number, call: string, at = later(1)): ProfileNotification {
  return {
    functionCallIdentifier: call,
    notificationPointId: point,
    status: 'Executed-Success',
    eid: '89049032123451234512345678901234',
    now: at,
  };
}

/** Applies one notification and commits it, as the pipeline does after the handler. */
function notify(esims: MemoryEsims, esim: Esim, sent: ProfileNotification): Esim {
  const uow = new Uow();
  const after = applyProfileNotification({ esims, uow }, esim, sent);
  esims.apply(uow.writes);
  return after;
}

describe('the SGP.22 notification points', () => {
  it('map 3 to Downloaded, 4 to Installed, 5 to Enabled, 6 to Disabled and 7 to Deleted, and back', () => {
    expect(notificationPointStates).toEqual({
      3: 'Downloaded',
      4: 'Installed',
      5: 'Enabled',
      6: 'Disabled',
      7: 'Deleted',
    });
    for (const state of reportedStates)
      expect(notificationPointStates[notificationPointOf(state)]).toBe(state);
  });
});

describe('an eSIM profile', () => {
  it('is Released since issue, with no EID, until the SM-DP+ reports a step', async () => {
    const { esim } = await issuedEsim();

    expect(profileView(esim)).toEqual({ state: 'Released', eid: null, updated_at: esim.createdAt });
    expect(wasDownloaded(esim)).toBe(false);
  });

  it('moves to Downloaded then Installed, with one esim.profile.status_changed per change', async () => {
    const { esims, esim } = await issuedEsim();

    const downloaded = notify(esims, esim, notification(3, 'call-1', later(1)));
    const installed = notify(esims, downloaded, notification(4, 'call-2', later(2)));

    expect(profileView(installed)).toEqual({
      state: 'Installed',
      eid: '89049032123451234512345678901234',
      updated_at: later(2).toISOString(),
    });
    expect(wasDownloaded(installed)).toBe(true);
    expect(esims.committed.flatMap((change) => esimEvents(change))).toEqual([
      {
        type: 'esim.profile.status_changed',
        data: {
          iccid: esim.iccid,
          state: 'Downloaded',
          previous_state: 'Released',
          eid: '89049032123451234512345678901234',
        },
      },
      {
        type: 'esim.profile.status_changed',
        data: {
          iccid: esim.iccid,
          state: 'Installed',
          previous_state: 'Downloaded',
          eid: '89049032123451234512345678901234',
        },
      },
    ]);
  });

  it('changes nothing when a call identifier is replayed: no write, no event', async () => {
    const { esims, esim } = await issuedEsim();
    const downloaded = notify(esims, esim, notification(3, 'call-1'));
    const uow = new Uow();

    const replayed = applyProfileNotification(
      { esims, uow },
      downloaded,
      notification(4, 'call-1', later(5)),
    );

    expect(replayed).toBe(downloaded);
    expect(uow.writes).toEqual([]);
  });

  it('records a notification that reports nothing new without an event: a failure, points 1 and 2, a late download', async () => {
    const { esims, esim } = await issuedEsim();
    const installed = notify(esims, notify(esims, esim, notification(3, 'a')), notification(4, 'b'));
    const eventsBefore = esims.committed.flatMap((change) => esimEvents(change)).length;

    let current = installed;
    current = notify(esims, current, { ...notification(5, 'c'), status: 'Failed' });
    current = notify(esims, current, notification(1, 'd'));
    current = notify(esims, current, notification(2, 'e'));
    current = notify(esims, current, notification(3, 'f'));

    expect(profileOf(current)).toMatchObject({ state: 'Installed', calls: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(esims.committed.flatMap((change) => esimEvents(change))).toHaveLength(eventsBefore);
  });

  it('goes between Enabled and Disabled freely, and stays Deleted once deleted', async () => {
    const { esims, esim } = await issuedEsim();
    let current = notify(esims, esim, notification(5, 'enable'));
    current = notify(esims, current, notification(6, 'disable'));
    expect(profileOf(current).state).toBe('Disabled');
    current = notify(esims, current, notification(5, 'enable-again'));
    expect(profileOf(current).state).toBe('Enabled');
    current = notify(esims, current, notification(7, 'delete'));
    current = notify(esims, current, notification(5, 'too-late'));

    expect(profileOf(current).state).toBe('Deleted');
  });

  it(`remembers the last ${rememberedCalls} call identifiers, so the item stays bounded`, async () => {
    const { esims, esim } = await issuedEsim();
    let current = esim;
    for (let call = 0; call < rememberedCalls + 5; call++)
      current = notify(esims, current, notification(1, `c${call}`));

    expect(profileOf(current).calls).toHaveLength(rememberedCalls);
    expect(profileOf(current).calls.at(-1)).toBe(`c${rememberedCalls + 4}`);
  });
});

describe('ES2+ HandleDownloadProgressInfo', () => {
  it('finds the eSIM of any account by its ICCID and answers Executed-Success', async () => {
    const { esims, pool, esim } = await issuedEsim();
    const uow = new Uow();

    const outcome = await handleDownloadProgressInfo(
      { esims, pool, uow },
      { ...notification(3, 'call-1'), iccid: esim.iccid },
    );
    esims.apply(uow.writes);

    expect(es2plusAnswer(outcome)).toEqual({
      status: 200,
      headers: { 'X-Admin-Protocol': 'gsma/rsp/v2.2.0' },
      body: { header: { functionExecutionStatus: { status: 'Executed-Success' } } },
    });
    expect(profileOf((await esims.find(accountId, esim.iccid)) as Esim).state).toBe('Downloaded');
  });

  it("answers an unknown ICCID with SGP.22's failure (8.2.1 Profile ICCID, 3.9 Unknown) and writes nothing", async () => {
    const { esims, pool } = await issuedEsim();
    const uow = new Uow();
    const [unknown = ''] = iccids(1, '999999');

    const outcome = await handleDownloadProgressInfo(
      { esims, pool, uow },
      { ...notification(3, 'x'), iccid: unknown },
    );

    expect(es2plusAnswer(outcome).body.header.functionExecutionStatus).toEqual({
      status: 'Failed',
      statusCodeData: { subjectCode: '8.2.1', reasonCode: '3.9', message: `ICCID ${unknown} is unknown.` },
    });
    expect(uow.writes).toEqual([]);
  });
});
