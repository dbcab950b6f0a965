import { afterAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../support/api.ts';
import { stage } from '../../support/api.ts';
import { asAdmin, asSupport, employeeLogin } from '../../support/employees.ts';
import { onboardPartner } from '../../support/onboard.ts';
import { asOperator, esimPartner, type Json, poolPath, testIccids } from './helpers.ts';

/*
 * The eSIM pool and reseller operations reach employees under /api/v1/admin (derived twins of the
 * /v2/admin routes), and every change through either prefix is audited (docs/esim.md, Pools).
 */

interface AuditRecord {
  actor: { type: string; id: string | null; roles: string[] };
  action: string;
  target: { type: string; id: string | null };
  request_id: string | null;
  details: Record<string, unknown>;
}

afterAll(async () => {
  await employeeLogin.close();
});

const employeePool = (accountId: string) => `/api/v1/admin/accounts/${accountId}/esim-pool`;
const employeeReseller = (accountId: string) => `/api/v1/admin/accounts/${accountId}/esim-reseller`;

/** The one audit record of a request, by the X-Request-ID it answered with. */
async function recordOf(response: ApiResponse<unknown>, accountId: string): Promise<AuditRecord | undefined> {
  const page = await asAdmin<{ data: AuditRecord[] }>(
    'GET',
    `/api/v1/admin/audit-log?limit=200&target=${accountId}`,
  );
  expect(page.status).toBe(200);
  const matching = page.body.data.filter((record) => record.request_id === response.headers['x-request-id']);
  expect(matching.length).toBeLessThanOrEqual(1);
  return matching[0];
}

describe('the eSIM pool for employees', () => {
  it('lets an admin load, read and link under /api/v1/admin, each change audited with the employee', async () => {
    const { accountId } = await esimPartner(0);

    const loaded = await asAdmin<Json>('POST', employeePool(accountId), { body: { iccids: testIccids(3) } });
    const linked = await asAdmin<Json>('POST', employeeReseller(accountId), {
      body: { reseller_id: 'reseller-7' },
    });
    const read = await asAdmin<Json>('GET', employeePool(accountId));

    expect(loaded.status).toBe(201);
    expect(loaded.body).toMatchObject({ account_id: accountId, added: 3, already_present: 0 });
    expect(linked.status).toBe(201);
    expect(read.body).toMatchObject({ available: 3, issued: 0, reseller_id: 'reseller-7' });
    const actor = { type: 'employee', id: 'ada.admin', roles: ['admin'] };
    expect(await recordOf(loaded, accountId)).toMatchObject({
      actor,
      action: 'employeeLoadEsimPool',
      target: { type: 'account', id: accountId },
    });
    expect(await recordOf(linked, accountId)).toMatchObject({
      actor,
      action: 'employeeLinkEsimReseller',
      target: { type: 'account', id: accountId },
      details: { body: { reseller_id: 'reseller-7' } },
    });
  });

  it('lets support read the pool and refuses its load and link with 403, writing no record', async () => {
    const { accountId } = await esimPartner(2);

    const read = await asSupport<Json>('GET', employeePool(accountId));
    const load = await asSupport<Json>('POST', employeePool(accountId), { body: { iccids: testIccids(1) } });
    const link = await asSupport<Json>('POST', employeeReseller(accountId), {
      body: { reseller_id: 'reseller-8' },
    });

    expect(read.body).toMatchObject({ available: 2 });
    expect([load.status, load.body.code]).toEqual([403, 'Forbidden']);
    expect([link.status, link.body.code]).toEqual([403, 'Forbidden']);
    expect(await recordOf(load, accountId)).toBeUndefined();
  });
});

describe('the eSIM pool for operators', () => {
  it('audits a load and a link on /v2/admin as the operator application, and no refused link', async () => {
    const partner = await onboardPartner(['esim:read'], 'eSIM audit test');

    const loaded = await asOperator('POST', poolPath(partner.accountId), { iccids: testIccids(2) });
    const linked = await asOperator('POST', `/v2/admin/accounts/${partner.accountId}/esim-reseller`, {
      reseller_id: 'reseller-9',
    });
    const refused = await asOperator('POST', `/v2/admin/accounts/${partner.accountId}/esim-reseller`, {
      reseller_id: 'reseller-10',
    });

    const actor = { type: 'application', id: stage().operator.client_id };
    expect(await recordOf(loaded, partner.accountId)).toMatchObject({ actor, action: 'loadEsimPool' });
    expect(await recordOf(linked, partner.accountId)).toMatchObject({ actor, action: 'linkEsimReseller' });
    expect(refused.status).toBe(409);
    expect(await recordOf(refused, partner.accountId)).toBeUndefined();
  });
});
