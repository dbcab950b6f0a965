/**
 * The README's example, runnable: `tsx clients/typescript/examples/quickstart.ts` with the variables
 * below set. Gets a token, lists lounges over mutual TLS, books the first lounge once.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, fetch as undiciFetch } from 'undici';
import { createPartnerClient, requestFetch, requestToken } from '../src/index.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
};

// 1. An access token with the client credentials grant (the auth host needs no client certificate).
const token = await requestToken({
  authUrl: env('PTS_AUTH_URL'),
  clientId: env('PTS_CLIENT_ID'),
  clientSecret: env('PTS_CLIENT_SECRET'),
  scope: 'catalog.lounges:read booking.lounges:write',
});

// 2. Every partner API call presents the account's client certificate: an undici Agent carries it.
const dispatcher = new Agent({
  connect: {
    cert: readFileSync(env('PTS_CLIENT_CERT')),
    key: readFileSync(env('PTS_CLIENT_KEY')),
    ...(process.env.PTS_CA ? { ca: readFileSync(process.env.PTS_CA) } : {}),
  },
});
const api = createPartnerClient({
  baseUrl: env('PTS_BASE_URL'),
  accessToken: () => token.access_token,
  fetch: requestFetch((url, init) => undiciFetch(url, { ...init, dispatcher })),
});

const lounges = await api.GET('/v2/catalog/lounges', { params: { query: { limit: 10 } } });
if (lounges.error) throw new Error(`${lounges.error.code}: ${lounges.error.detail ?? lounges.error.title}`);
console.log(`${lounges.data.pagination.total} lounges; first: ${lounges.data.data[0]?.name}`);

// 3. A booking with an Idempotency-Key: retrying with the same key never books twice.
const lounge = lounges.data.data[0];
if (lounge) {
  const idempotencyKey = randomUUID();
  const booking = await api.POST('/v2/b2b/booking/lounges', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body: {
      lounge_id: lounge.id,
      guests: [{ first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true }],
    },
  });
  if (booking.error) throw new Error(`${booking.error.code}: ${booking.error.detail ?? booking.error.title}`);
  console.log(`booking ${booking.data.booking_id} is ${booking.data.status}`);
}
await dispatcher.close();
