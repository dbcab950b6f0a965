import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { withCheckDigit } from '../../../shared/domain/esim/iccid.ts';
import { stage } from '../../support/api.ts';
import { asAdmin } from '../../support/employees.ts';
import { type OnboardedPartner, onboardPartner } from '../../support/onboard.ts';
import { deliveryWhere, ping, type Receiver, startReceiver, subscribe } from '../webhooks/helpers.ts';

/**
 * Data of a console test's own on the run's stage: a partner account onboarded by the operator API,
 * with a webhook subscription to a local receiver and one delivered ping, so every section of the
 * account page has something real to show.
 */
export interface AccountWithWebhook {
  partner: OnboardedPartner;
  accountId: string;
  name: string;
  receiver: Receiver;
  webhookId: string;
  deliveryId: string;
}

export async function accountWithWebhook(label: string): Promise<AccountWithWebhook> {
  const partner = await onboardPartner(['webhooks', 'catalog.lounges:read'], label);
  const account = await asAdmin<{ name: string }>('GET', `/api/v1/admin/accounts/${partner.accountId}`);
  const receiver = await startReceiver(200);
  const caller = {
    accountId: partner.accountId,
    call: <T>(method: string, path: string, body?: unknown) =>
      partner.call<T>(method, path, body === undefined ? {} : { body }),
  };
  const webhookId = await subscribe(caller, receiver.url);
  const deliveryId = await ping(caller, webhookId);
  await deliveryWhere(caller, webhookId, deliveryId, (found) => found.status === 'Succeeded');
  return { partner, accountId: partner.accountId, name: account.body.name, receiver, webhookId, deliveryId };
}

/** ICCIDs no seeded pool holds (issuer digits 98, where seeds use 99), new on every call. */
export function newIccids(count: number): string[] {
  const block = String(randomInt(1_000_000_000)).padStart(9, '0');
  return Array.from({ length: count }, (_, serial) =>
    withCheckDigit(`8988297${block}${String(serial).padStart(2, '0')}`),
  );
}

let authAgent: Agent | undefined;

/** The client credentials grant at the real token endpoint: its status (200, or 401 for a refused secret). */
export async function tokenStatus(clientId: string, clientSecret: string): Promise<number> {
  authAgent ??= new Agent({ connect: { ca: readFileSync(stage().ca_cert, 'utf8') } });
  const response = await request(`${stage().auth_url}/oauth/v2/token`, {
    method: 'POST',
    dispatcher: authAgent,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
  });
  await response.body.dump();
  return response.statusCode;
}

export async function closeFixtures(): Promise<void> {
  await authAgent?.close();
  authAgent = undefined;
}
