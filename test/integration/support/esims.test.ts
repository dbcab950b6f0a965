import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asAdmin, asSupport } from '../../support/employees.ts';
import { esimPartner, type Json, testIccids } from '../esim/helpers.ts';

/**
 * The support tools' eSIM lookups and the employee's suspend and resume (docs/support.md), against
 * the shared local stage: eSIMs issued through the partner API to an account of the test's own.
 */
interface Page {
  data: Json[];
  next_cursor: string | null;
}

const esimPath = (iccid: string, action = '') => `/api/v1/admin/esims/${iccid}${action ? `/${action}` : ''}`;

describe('listing and reading eSIMs', () => {
  it("lists an account's eSIMs, of one status when asked, and reads one by its ICCID alone", async () => {
    const partner = await esimPartner(3);
    const first = await partner.issued();
    const second = await partner.issued();
    expect((await partner.usage(second.iccid as string, 10)).status).toBe(200);

    const all = await asSupport<Page>('GET', `/api/v1/admin/esims?account_id=${partner.accountId}`);
    const active = await asSupport<Page>(
      'GET',
      `/api/v1/admin/esims?account_id=${partner.accountId}&status=Active`,
    );
    const one = await asSupport<Json>('GET', esimPath(first.iccid as string));

    expect(all.status).toBe(200);
    expect(all.body.data.map((esim) => esim.iccid).sort()).toEqual([first.iccid, second.iccid].sort());
    expect(all.body.data.every((esim) => esim.account_id === partner.accountId)).toBe(true);
    expect(active.body.data.map((esim) => esim.iccid)).toEqual([second.iccid]);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      iccid: first.iccid,
      account_id: partner.accountId,
      status: 'NotActive',
      packages: [{ status: 'NotActive' }],
      history: [],
      // No SM-DP+ report yet: the profile reads Released (docs/esim.md, Profile state).
      profile: { state: 'Released', eid: null },
    });
  });

  it('is 422 without account_id or with an unknown status, and 404 for an unknown ICCID', async () => {
    const noAccount = await asSupport('GET', '/api/v1/admin/esims');
    const badStatus = await asSupport('GET', `/api/v1/admin/esims?account_id=${randomUUID()}&status=Lost`);
    const [unknownIccid] = testIccids(1);
    const unknown = await asSupport('GET', esimPath(unknownIccid as string));
    const suspendUnknown = await asAdmin('POST', esimPath(unknownIccid as string, 'suspend'), {
      body: { reason: 'Lost phone' },
    });

    expect(noAccount.status).toBe(422);
    expect(badStatus.status).toBe(422);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'EsimNotFound' });
    expect(suspendUnknown.status).toBe(404);
    expect(suspendUnknown.body).toMatchObject({ code: 'EsimNotFound' });
  });
});

describe('suspending and resuming', () => {
  it('refuses top-ups and usage while suspended, allows them once resumed, each change audited and in the history', async () => {
    const partner = await esimPartner(2);
    const iccid = (await partner.issued()).iccid as string;
    const key = randomUUID();

    const suspend = () =>
      asAdmin<Json>('POST', esimPath(iccid, 'suspend'), {
        body: { reason: 'Lost phone' },
        idempotencyKey: key,
      });
    const suspended = await suspend();
    const replay = await suspend();

    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ iccid, status: 'Suspended' });
    expect(replay.body).toEqual(suspended.body);
    expect((await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`)).body.status).toBe('Suspended');
    const topUp = await partner.topUp(iccid);
    expect(topUp.status).toBe(409);
    expect(topUp.body).toMatchObject({ code: 'EsimTopupUnavailable', details: { reason: 'esim_suspended' } });
    const usage = await partner.usage(iccid, 10);
    expect(usage.status).toBe(409);
    expect(usage.body).toMatchObject({ code: 'EsimInvalidState' });
    const again = await asAdmin('POST', esimPath(iccid, 'suspend'), { body: { reason: 'Twice' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EsimInvalidState' });

    const resumed = await asAdmin<Json>('POST', esimPath(iccid, 'resume'), {
      body: { reason: 'Phone found' },
    });

    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'NotActive' });
    expect(resumed.body.history).toEqual([
      expect.objectContaining({
        from: 'NotActive',
        to: 'Suspended',
        reason: 'Lost phone',
        actor: { type: 'employee', id: 'ada.admin' },
      }),
      expect.objectContaining({ from: 'Suspended', to: 'NotActive', reason: 'Phone found' }),
    ]);
    expect((await partner.topUp(iccid)).status).toBe(201);
    expect((await partner.usage(iccid, 10)).status).toBe(200);
    const resumeAgain = await asAdmin('POST', esimPath(iccid, 'resume'), { body: { reason: 'Twice' } });
    expect(resumeAgain.status).toBe(409);
    expect(resumeAgain.body).toMatchObject({ code: 'EsimInvalidState' });

    const audit = await asAdmin<Page>('GET', `/api/v1/admin/audit-log?target=${iccid}&limit=50`);
    expect(audit.body.data.map((record) => [record.action, (record.details as Json).body])).toEqual([
      ['resumeEsim', { reason: 'Phone found' }],
      ['suspendEsim', { reason: 'Lost phone' }],
    ]);
  });

  it('is 403 for support on suspend and resume', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;

    for (const action of ['suspend', 'resume']) {
      const response = await asSupport('POST', esimPath(iccid, action), { body: { reason: 'Asked' } });
      expect(response.status, action).toBe(403);
    }
    expect((await asSupport<Json>('GET', esimPath(iccid))).body.status).toBe('NotActive');
  });
});
