import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeTwinId } from '../../../shared/routes/employee-twins.ts';
import { routeList } from '../../../shared/routes/index.ts';
import { type ApiResponse, api, request, stage, token } from '../../support/api.ts';
import { asAdmin, asSupport, employeeLogin, employeeToken } from '../../support/employees.ts';
import {
  eventually,
  newPartner,
  ping,
  type Receiver,
  startReceiver,
  subscribe,
} from '../webhooks/helpers.ts';
import {
  asOperator,
  type CreatedAccount,
  type CreatedApplication,
  clientCredentials,
  onboardAccount,
  partnerKeyAndCsr,
} from './operator.ts';

/*
 * The employee admin API on admin_url (no client certificate, employee tokens from the real login)
 * and its audit log, against the shared local stage.
 */

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

interface AuditRecord {
  id: string;
  at: string;
  actor: { type: string; id: string | null; roles: string[] };
  action: string;
  target: { type: string; id: string | null };
  request_id: string | null;
  outcome: string;
  reason: string | null;
  details: Record<string, unknown>;
}

/** Every secret this file sees: none may ever appear in an audit record. */
const secretsSeen = new Set<string>();
const remember = (value: unknown) => {
  if (typeof value === 'string' && value.length > 0) secretsSeen.add(value);
};

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  for (const employee of stage().idp.employees) remember(employee.password);
  remember(await employeeToken('ada.admin'));
  remember(await employeeToken('sam.support'));
  remember(await api('operator').token());
  remember(stage().operator.client_secret);
});

afterAll(async () => {
  await receiver.stop();
  await employeeLogin.close();
});

async function auditRecords(query: string): Promise<AuditRecord[]> {
  const found: AuditRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiResponse<Page<AuditRecord>> = await asAdmin<Page<AuditRecord>>(
      'GET',
      `/api/v1/admin/audit-log?limit=200&${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    if (page.status !== 200) throw new Error(`audit log: ${page.status} ${JSON.stringify(page.body)}`);
    found.push(...page.body.data);
    cursor = page.body.next_cursor;
  } while (cursor);
  return found;
}

/** The one record of a request, by the X-Request-ID it answered with. */
async function recordOf(response: ApiResponse<unknown>, filter: string): Promise<AuditRecord> {
  const requestId = response.headers['x-request-id'];
  const matching = (await auditRecords(filter)).filter((record) => record.request_id === requestId);
  expect(matching, `audit records of ${requestId}`).toHaveLength(1);
  return matching[0] as AuditRecord;
}

async function newAccountAsAdmin(): Promise<ApiResponse<CreatedAccount>> {
  const { csrPem } = await partnerKeyAndCsr();
  return asAdmin<CreatedAccount>('POST', '/api/v1/admin/accounts', {
    body: { name: `Employee-made ${randomUUID()}`, csr_pem: csrPem },
  });
}

describe('audiences', () => {
  it('refuses an employee token on /v2/admin with 403, naming both audiences', async () => {
    const response = await request('GET', '/v2/admin/accounts', {
      cert: 'operator',
      token: await employeeToken('ada.admin'),
    });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'Forbidden',
      details: { expected_aud: [stage().base_url], provided_aud: stage().admin_url },
    });
  });

  it('refuses an employee token on a partner operation with 403', async () => {
    const response = await request('GET', '/v2/catalog/lounges', {
      cert: 0,
      token: await employeeToken('ada.admin'),
    });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'Forbidden', details: { provided_aud: stage().admin_url } });
  });

  it.each([
    ['the operator', () => api('operator').token()],
    ['a partner', () => token(0)],
  ])('refuses %s token on /api/v1/admin with 403, naming both audiences', async (_who, tokenOf) => {
    const response = await request('GET', '/api/v1/admin/accounts', {
      host: 'admin',
      cert: null,
      token: await tokenOf(),
    });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'Forbidden',
      details: { expected_aud: [stage().admin_url], provided_aud: stage().base_url },
    });
  });

  it('needs no client certificate on the admin API, but a token (401 without)', async () => {
    const response = await request('GET', '/api/v1/admin/accounts', { host: 'admin', cert: null });

    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'Unauthorized' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });
});

describe('the support role', () => {
  const writes = routeList.filter((route) => route.hosts.includes('admin') && route.method !== 'GET');

  it('reads accounts, applications and the audit log', async () => {
    const { account } = await onboardAccount();

    expect((await asSupport('GET', '/api/v1/admin/accounts')).status).toBe(200);
    expect((await asSupport('GET', `/api/v1/admin/accounts/${account.account_id}`)).status).toBe(200);
    expect((await asSupport('GET', `/api/v1/admin/accounts/${account.account_id}/applications`)).status).toBe(
      200,
    );
    expect((await asSupport('GET', '/api/v1/admin/audit-log')).status).toBe(200);
  });

  it('is refused every write of the admin API with 403 and the scope it lacks', async () => {
    const twinsOfWrites = routeList
      .filter((route) => route.path.startsWith('/v2/admin/') && route.method !== 'GET')
      .map((route) => employeeTwinId(route.operationId));
    expect(writes.map((route) => route.operationId)).toEqual(expect.arrayContaining(twinsOfWrites));
    expect(writes.length).toBeGreaterThan(twinsOfWrites.length);
    for (const route of writes) {
      const path = route.path.replace(/\{\w+\}/g, () => randomUUID());
      // A body of the route's own kind: a JSON body on an upload would be refused 415 before the scope.
      const raw = route.request?.bodyType === 'binary' ? route.request.mediaTypes?.[0] : undefined;
      const response = await asSupport(
        route.method,
        path,
        raw
          ? { body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), headers: { 'content-type': raw } }
          : { body: {} },
      );

      expect(response.status, route.operationId).toBe(403);
      expect(response.body, route.operationId).toMatchObject({
        code: 'Forbidden',
        details: { required_scope: [route.auth?.scope, ...(route.auth?.alternatives ?? [])].join(' ') },
      });
    }
  });
});

describe('the /v2/admin operations under /api/v1/admin', () => {
  it('onboard a partner for an admin employee, each write audited with the employee, its target and no secret', async () => {
    const created = await newAccountAsAdmin();
    expect(created.status).toBe(201);
    const accountId = created.body.account_id;
    expect(created.headers.location).toBe(`/api/v1/admin/accounts/${accountId}`);

    const application = await asAdmin<CreatedApplication>(
      'POST',
      `/api/v1/admin/accounts/${accountId}/applications`,
      { body: { name: 'Booking backend', allowed_scopes: ['catalog.lounges', 'webhooks'] } },
    );
    expect(application.status).toBe(201);
    remember(application.body.client_secret);
    const clientId = application.body.client_id;
    expect(application.headers.location).toBe(`/api/v1/admin/accounts/${accountId}/applications/${clientId}`);
    const rotated = await asAdmin<CreatedApplication>(
      'POST',
      `/api/v1/admin/accounts/${accountId}/applications/${clientId}/rotate-secret`,
    );
    expect(rotated.status).toBe(200);
    remember(rotated.body.client_secret);
    const disabled = await asAdmin(
      'POST',
      `/api/v1/admin/accounts/${accountId}/applications/${clientId}/disable`,
    );
    expect(disabled.body).toMatchObject({ status: 'Disabled' });

    const actor = { type: 'employee', id: 'ada.admin', roles: ['admin'] };
    expect(await recordOf(created, `target=${accountId}`)).toMatchObject({
      actor,
      action: 'employeeCreateAccount',
      target: { type: 'account', id: accountId },
      outcome: 'succeeded',
      details: { body: { name: created.body.name } },
    });
    expect(await recordOf(application, `target=${clientId}`)).toMatchObject({
      actor,
      action: 'employeeCreateApplication',
      target: { type: 'application', id: clientId },
      details: {
        path: { accountID: accountId },
        body: { name: 'Booking backend', allowed_scopes: ['catalog.lounges', 'webhooks'] },
      },
    });
    expect(await recordOf(rotated, `target=${clientId}`)).toMatchObject({
      actor,
      action: 'employeeRotateApplicationSecret',
    });
    expect(await recordOf(disabled, `target=${clientId}`)).toMatchObject({
      actor,
      action: 'employeeDisableApplication',
    });
  });

  it('audit the operator on /v2/admin as an application', async () => {
    const { csrPem } = await partnerKeyAndCsr();
    const created = await asOperator<CreatedAccount>('POST', '/v2/admin/accounts', {
      body: { name: `Operator-made ${randomUUID()}`, csr_pem: csrPem },
    });

    expect(await recordOf(created, `target=${created.body.account_id}`)).toMatchObject({
      actor: { type: 'application', id: stage().operator.client_id, roles: [] },
      action: 'createAccount',
      target: { type: 'account', id: created.body.account_id },
    });
  });

  it('write no record for a request that changed nothing (disabling a disabled account)', async () => {
    const { account } = await onboardAccount();
    const first = await asAdmin('POST', `/api/v1/admin/accounts/${account.account_id}/disable`);
    const second = await asAdmin('POST', `/api/v1/admin/accounts/${account.account_id}/disable`);
    const records = await auditRecords(`target=${account.account_id}`);

    expect(second.status).toBe(200);
    expect(records.filter((record) => record.request_id === first.headers['x-request-id'])).toHaveLength(1);
    expect(records.filter((record) => record.request_id === second.headers['x-request-id'])).toEqual([]);
  });

  it('write no record for a refused request', async () => {
    const refused = await asAdmin('POST', `/api/v1/admin/accounts/${randomUUID()}/disable`);

    expect(refused.status).toBe(404);
    const records = await auditRecords('action=employeeDisableAccount');
    expect(records.filter((record) => record.request_id === refused.headers['x-request-id'])).toEqual([]);
  });
});

describe('enabling an account', () => {
  it('gives its applications tokens again, audited', async () => {
    const { account } = await onboardAccount();
    const application = await asAdmin<CreatedApplication>(
      'POST',
      `/api/v1/admin/accounts/${account.account_id}/applications`,
      { body: { name: 'App', allowed_scopes: ['catalog.lounges'] } },
    );
    remember(application.body.client_secret);
    const { client_id, client_secret } = application.body;
    await asAdmin('POST', `/api/v1/admin/accounts/${account.account_id}/disable`);
    const whileDisabled = await clientCredentials(client_id, client_secret);

    const enabled = await asAdmin<CreatedAccount>(
      'POST',
      `/api/v1/admin/accounts/${account.account_id}/enable`,
    );
    const afterwards = await clientCredentials(client_id, client_secret);

    expect(whileDisabled.status).not.toBe(200);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ account_id: account.account_id, status: 'Active' });
    expect(afterwards.status).toBe(200);
    remember(afterwards.body.access_token);
    expect(await recordOf(enabled, `target=${account.account_id}`)).toMatchObject({
      action: 'enableAccount',
      target: { type: 'account', id: account.account_id },
    });
  });

  it('answers 409 AccountInvalidState for an active account, and 404 for an unknown one', async () => {
    const { account } = await onboardAccount();
    const active = await asAdmin('POST', `/api/v1/admin/accounts/${account.account_id}/enable`);
    const unknown = await asAdmin('POST', `/api/v1/admin/accounts/${randomUUID()}/enable`);

    expect(active.status).toBe(409);
    expect(active.body).toMatchObject({ code: 'AccountInvalidState', details: { status: 'Active' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'ResourceNotFound' });
  });
});

describe('enabling an application', () => {
  it('gives it tokens again, audited, on /v2/admin and on its employee twin', async () => {
    const { account } = await onboardAccount();
    const created = await asAdmin<CreatedApplication>(
      'POST',
      `/api/v1/admin/accounts/${account.account_id}/applications`,
      { body: { name: 'App', allowed_scopes: ['catalog.lounges'] } },
    );
    remember(created.body.client_secret);
    const { client_id, client_secret } = created.body;
    const application = `/accounts/${account.account_id}/applications/${client_id}`;

    await asOperator('POST', `/v2/admin${application}/disable`);
    const whileDisabled = await clientCredentials(client_id, client_secret);
    const byOperator = await asOperator('POST', `/v2/admin${application}/enable`);
    const afterwards = await clientCredentials(client_id, client_secret);
    await asAdmin('POST', `/api/v1/admin${application}/disable`);
    const byEmployee = await asAdmin('POST', `/api/v1/admin${application}/enable`);

    expect(whileDisabled.status).not.toBe(200);
    expect(byOperator.status).toBe(200);
    expect(byOperator.body).toMatchObject({ client_id, status: 'Active' });
    expect(afterwards.status).toBe(200);
    remember(afterwards.body.access_token);
    expect(byEmployee.status).toBe(200);
    expect(await recordOf(byOperator, `target=${client_id}`)).toMatchObject({
      action: 'enableApplication',
      actor: { type: 'application', id: stage().operator.client_id },
      target: { type: 'application', id: client_id },
    });
    expect(await recordOf(byEmployee, `target=${client_id}`)).toMatchObject({
      action: 'employeeEnableApplication',
      actor: { type: 'employee', id: 'ada.admin' },
      target: { type: 'application', id: client_id },
    });
  });

  it('answers 409 ApplicationInvalidState for an active application, and 404 for another account’s', async () => {
    const { account } = await onboardAccount();
    const { account: other } = await onboardAccount();
    const created = await asAdmin<CreatedApplication>(
      'POST',
      `/api/v1/admin/accounts/${account.account_id}/applications`,
      { body: { name: 'App', allowed_scopes: ['catalog.lounges'] } },
    );
    remember(created.body.client_secret);

    const active = await asAdmin(
      'POST',
      `/api/v1/admin/accounts/${account.account_id}/applications/${created.body.client_id}/enable`,
    );
    const foreign = await asAdmin(
      'POST',
      `/api/v1/admin/accounts/${other.account_id}/applications/${created.body.client_id}/enable`,
    );

    expect(active.status).toBe(409);
    expect(active.body).toMatchObject({ code: 'ApplicationInvalidState', details: { status: 'Active' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'ResourceNotFound' });
  });
});

describe('account managers', () => {
  it('are assigned once each (201, then 409 AlreadyCompanyMember) and listed in the order of assignment', async () => {
    const { account } = await onboardAccount();
    const path = `/api/v1/admin/accounts/${account.account_id}/managers`;

    const first = await asAdmin('POST', path, { body: { employee_id: 'sam.support' } });
    const second = await asAdmin('POST', path, { body: { employee_id: 'nico.nogroup' } });
    const again = await asAdmin('POST', path, { body: { employee_id: 'sam.support' } });
    const listed = await asSupport<Page<Record<string, unknown>>>('GET', path);
    const paged = await asSupport<Page<Record<string, unknown>>>('GET', `${path}?limit=1`);

    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(path);
    expect(first.body).toEqual({
      account_id: account.account_id,
      employee_id: 'sam.support',
      assigned_at: expect.stringMatching(/Z$/),
      assigned_by: 'ada.admin',
    });
    expect(second.status).toBe(201);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'AlreadyCompanyMember' });
    expect(listed.body.data.map((manager) => manager.employee_id)).toEqual(['sam.support', 'nico.nogroup']);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.next_cursor).toEqual(expect.any(String));
    expect(await recordOf(first, `target=${account.account_id}`)).toMatchObject({
      action: 'addAccountManager',
      details: { body: { employee_id: 'sam.support' } },
    });
  });

  it('answer 404 for an unknown account and 422 for an empty employee id', async () => {
    const unknown = await asAdmin('POST', `/api/v1/admin/accounts/${randomUUID()}/managers`, {
      body: { employee_id: 'sam.support' },
    });
    const { account } = await onboardAccount();
    const empty = await asAdmin('POST', `/api/v1/admin/accounts/${account.account_id}/managers`, {
      body: { employee_id: '' },
    });

    expect(unknown.status).toBe(404);
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ code: 'ValidationError' });
  });
});

describe("any account's webhooks", () => {
  it('are read by employees, deliveries included, and redelivered by an admin', async () => {
    const partner = await newPartner();
    const webhookId = await subscribe(partner, receiver.url);
    const deliveryId = await ping(partner, webhookId);
    const base = `/api/v1/admin/accounts/${partner.accountId}/webhooks`;

    const subscriptions = await asSupport<Page<Record<string, unknown>>>('GET', base);
    // The ping's delivery is recorded once the dispatcher took it from the queue.
    const deliveries = await eventually(async () => {
      const page = await asSupport<Page<{ id: string }>>('GET', `${base}/${webhookId}/deliveries`);
      expect(page.body.data.map((delivery) => delivery.id)).toContain(deliveryId);
      return page;
    });
    const redelivered = await asAdmin('POST', `${base}/${webhookId}/deliveries/${deliveryId}/redeliver`);

    expect(subscriptions.status).toBe(200);
    expect(subscriptions.body.data).toEqual([expect.objectContaining({ id: webhookId, status: 'Active' })]);
    expect(JSON.stringify(subscriptions.body)).not.toMatch(/secret"/);
    expect(deliveries.body.data.map((delivery) => delivery.id)).toContain(deliveryId);
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({ id: deliveryId });
    expect(await recordOf(redelivered, `target=${deliveryId}`)).toMatchObject({
      action: 'redeliverAccountWebhookDelivery',
      target: { type: 'webhook_delivery', id: deliveryId },
      details: { path: { accountID: partner.accountId, webhookID: webhookId, deliveryID: deliveryId } },
    });
  });

  it("answer 404 for an unknown account, and WebhookNotFound for another account's subscription", async () => {
    const owner = await newPartner();
    const webhookId = await subscribe(owner, receiver.url);
    const other = await newPartner();

    const unknown = await asAdmin('GET', `/api/v1/admin/accounts/${randomUUID()}/webhooks`);
    const none = await asAdmin<Page<unknown>>('GET', `/api/v1/admin/accounts/${other.accountId}/webhooks`);
    const foreign = await asAdmin(
      'GET',
      `/api/v1/admin/accounts/${other.accountId}/webhooks/${webhookId}/deliveries`,
    );

    expect(unknown.status).toBe(404);
    expect(none.body.data).toEqual([]);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'WebhookNotFound' });
  });
});

describe('the audit log', () => {
  it('filters by actor, actor type, target, action and since', async () => {
    const created = await newAccountAsAdmin();
    const accountId = created.body.account_id;
    await asAdmin('POST', `/api/v1/admin/accounts/${accountId}/disable`);
    const record = await recordOf(created, `target=${accountId}`);

    const byTarget = await auditRecords(`target=${accountId}`);
    const byAction = await auditRecords(`target=${accountId}&action=employeeDisableAccount`);
    const byActor = await auditRecords(`actor=ada.admin&target_type=account&since=${record.at}`);
    const byOtherActor = await auditRecords(`actor=${stage().operator.client_id}&target=${accountId}`);
    const applications = await auditRecords(`actor_type=application&target=${accountId}`);
    const future = await auditRecords(`target=${accountId}&since=2999-01-01T00:00:00Z`);

    expect(byTarget.map((found) => found.action)).toEqual([
      'employeeDisableAccount',
      'employeeCreateAccount',
    ]);
    expect(byAction).toHaveLength(1);
    expect(byActor.map((found) => found.id)).toContain(record.id);
    expect(byActor.every((found) => found.actor.id === 'ada.admin' && found.at >= record.at)).toBe(true);
    expect(byOtherActor).toEqual([]);
    expect(applications).toEqual([]);
    expect(future).toEqual([]);
  });

  it('pages newest first with an opaque cursor, and refuses an altered one with 422', async () => {
    const { account } = await onboardAccount();
    const path = `/api/v1/admin/accounts/${account.account_id}/managers`;
    for (const employee of ['e1', 'e2', 'e3'])
      await asAdmin('POST', path, { body: { employee_id: employee } });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ApiResponse<Page<AuditRecord>> = await asAdmin<Page<AuditRecord>>(
        'GET',
        `/api/v1/admin/audit-log?target=${account.account_id}&action=addAccountManager&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(
        ...page.body.data.map((record) =>
          String((record.details.body as Record<string, unknown>).employee_id),
        ),
      );
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    const altered = await asAdmin('GET', '/api/v1/admin/audit-log?cursor=eyJzayI6Im5vIn0');
    const tooMany = await asAdmin('GET', '/api/v1/admin/audit-log?limit=201');

    expect(seen).toEqual(['e3', 'e2', 'e1']);
    expect(altered.status).toBe(422);
    expect(altered.body).toMatchObject({ details: { errors: [{ path: 'query.cursor' }] } });
    expect(tooMany.status).toBe(422);
  });

  it('cannot be changed or deleted through the API', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await asAdmin(method, '/api/v1/admin/audit-log', { body: {} });
      expect(response.status, method).toBe(405);
    }
  });

  it('holds no secret this run has seen: client secrets, tokens, passwords', async () => {
    const everything = JSON.stringify(await auditRecords(''));

    expect(secretsSeen.size).toBeGreaterThan(5);
    for (const secret of secretsSeen) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/ptss_|eyJ[\w-]+\.eyJ|PRIVATE KEY/);
  });
});
