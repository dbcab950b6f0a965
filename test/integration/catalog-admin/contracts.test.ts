import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSeedCatalog } from '../../../infra/local/seed-catalog.ts';
import {
  auditOf,
  call,
  createAccount,
  type Handler,
  idempotencyKey,
  partnerToken,
  seededCatalog,
} from './support.ts';

interface Problem {
  code: string;
  status: number;
  details?: { errors?: { path: string }[]; default_contract_applies?: boolean };
}
interface Contract {
  account_id: string;
  lounges: 'all' | string[];
  fast_tracks: 'all' | string[];
  tariffs: 'all' | string[];
  updated_at: string;
}

let admin: Handler;
let catalog: Handler;
let employee: string;
let loungeIds: string[];

beforeAll(async () => {
  ({ admin, catalog, employee } = await seededCatalog());
  loungeIds = (await loadSeedCatalog()).records.lounges
    .filter((lounge) => lounge.is_active)
    .map((lounge) => lounge.id);
}, 60_000);

const terms = (lounges: 'all' | string[]) => ({ lounges, fast_tracks: [], tariffs: 'all' });
const createContract = (accountId: string, body: unknown) =>
  call<Contract & Problem>(admin, 'createAccountContract', {
    token: employee,
    params: { accountID: accountId },
    headers: idempotencyKey(),
    body,
  });
const partnerLounges = async (accountId: string) => {
  const token = await partnerToken(accountId, ['catalog.lounges:read']);
  const page = await call<{ data: { id: string }[] }>(catalog, 'listLounges', {
    token,
    certificateOf: accountId,
    query: 'limit=1000',
  });
  return page.body.data.map((lounge) => lounge.id).sort();
};

describe('account contracts', () => {
  it('create one (201), and a second create is 409 ContractAlreadyExists', async () => {
    const accountId = await createAccount();
    const created = await createContract(accountId, terms(loungeIds.slice(0, 2)));
    const again = await createContract(accountId, terms('all'));

    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/admin/accounts/${accountId}/contract`);
    expect(created.body).toMatchObject({ account_id: accountId, ...terms(loungeIds.slice(0, 2)) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ContractAlreadyExists', status: 409 });
  });

  it('bound what the account sees from its next request: only the lounges of its contract', async () => {
    const accountId = await createAccount();
    const before = await partnerLounges(accountId);

    await createContract(accountId, terms(loungeIds.slice(0, 3)));
    const after = await partnerLounges(accountId);
    await call(admin, 'replaceAccountContract', {
      token: employee,
      params: { accountID: accountId },
      body: terms([loungeIds[5] ?? '']),
    });
    const replaced = await partnerLounges(accountId);

    expect(before).toEqual([...loungeIds].sort());
    expect(after).toEqual(loungeIds.slice(0, 3).sort());
    expect(replaced).toEqual([loungeIds[5]]);
  });

  it('read back; an account without its own is 404 saying the default contract applies', async () => {
    const withContract = await createAccount();
    const without = await createAccount();
    await createContract(withContract, terms('all'));

    const read = await call<Contract>(admin, 'getAccountContract', {
      token: employee,
      params: { accountID: withContract },
    });
    const none = await call<Problem>(admin, 'getAccountContract', {
      token: employee,
      params: { accountID: without },
    });

    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      account_id: withContract,
      lounges: 'all',
      fast_tracks: [],
      tariffs: 'all',
    });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({
      code: 'ResourceNotFound',
      details: { default_contract_applies: true },
    });
  });

  it('replace: 200 with an updated_at in a later second (Last-Modified moves), audited; a missing one is 404', async () => {
    const accountId = await createAccount();
    const created = await createContract(accountId, terms('all'));
    const replaced = await call<Contract>(admin, 'replaceAccountContract', {
      token: employee,
      params: { accountID: accountId },
      body: terms(loungeIds.slice(0, 1)),
    });
    const missing = await call<Problem>(admin, 'replaceAccountContract', {
      token: employee,
      params: { accountID: await createAccount() },
      body: terms('all'),
    });

    expect(replaced.status).toBe(200);
    const second = (time: string) => Math.floor(Date.parse(time) / 1000);
    expect(second(replaced.body.updated_at)).toBeGreaterThan(second(created.body.updated_at));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('ResourceNotFound');
    const [latest] = await auditOf(accountId);
    expect(latest).toMatchObject({
      action: 'replaceAccountContract',
      target: { type: 'contract', id: accountId },
      details: { before: terms('all'), after: terms(loungeIds.slice(0, 1)) },
    });
  });

  it('refuses ids that name no item (422 on the path) and accounts that do not exist (404)', async () => {
    const accountId = await createAccount();
    const unknownItems = await createContract(accountId, {
      lounges: [loungeIds[0], randomUUID()],
      fast_tracks: [randomUUID()],
      tariffs: 'all',
    });
    const unknownAccount = await createContract(randomUUID(), terms('all'));
    const malformed = await createContract(accountId, {
      lounges: 'some',
      fast_tracks: [],
      tariffs: [],
      extra: 1,
    });

    expect(unknownItems.status).toBe(422);
    expect(unknownItems.body.details?.errors?.map((error) => error.path).sort()).toEqual([
      'body.fast_tracks.0',
      'body.lounges.1',
    ]);
    expect(unknownAccount.status).toBe(404);
    expect(unknownAccount.body.code).toBe('ResourceNotFound');
    expect(malformed.status).toBe(422);
    expect(malformed.body.details?.errors?.map((error) => error.path)).toEqual(
      expect.arrayContaining(['body.lounges', 'body']),
    );
  });
});
