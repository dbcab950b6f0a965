import { beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { call, createAccount, type Handler, idempotencyKey, partnerToken, seededCatalog } from './support.ts';

/**
 * Prices end to end (docs/billing.md, Prices and contract terms): an employee sets a partner's
 * discount, the partner reads its net prices in the catalog, a booking is priced by its guests' types
 * at those prices, and a later rack price change leaves the booking's price as it was.
 */
interface Problem {
  code: string;
  status: number;
  details?: { errors?: { path: string }[] };
}
interface GuestPrices {
  currency: string;
  adult: string;
  child: string;
  infant: string;
}
interface Booking {
  booking_id: string;
  price: { amount: string; currency: string } | null;
}

/** A seeded Frankfurt lounge: EUR 42.00 adult, 21.00 child, 0.00 infant; asks for name, email and phone. */
const frankfurtLounge = '5906ae1a-4ef4-5b71-a756-90043eb6f819';

let admin: Handler;
let catalog: Handler;
let booking: Handler;
let employee: string;

beforeAll(async () => {
  ({ admin, catalog, employee } = await seededCatalog());
  booking = (await import('../../../functions/booking/handler.ts')).handler;
}, 60_000);

const asEmployee = () => ({ token: employee });
const everything = { lounges: 'all', fast_tracks: 'all', tariffs: 'all' };

const publish = async () => {
  const published = await call(admin, 'publishCatalog', asEmployee());
  expect(published.status).toBe(200);
  // Like a container started after the publication: no view of the catalog cached from before.
  resetModuleCaches();
};

async function partnerWithDiscount(discountPercent: number) {
  const accountId = await createAccount('Priced partner');
  const contract = await call<Problem & { discount_percent: number }>(admin, 'createAccountContract', {
    ...asEmployee(),
    params: { accountID: accountId },
    headers: idempotencyKey(),
    body: { ...everything, discount_percent: discountPercent },
  });
  expect(contract.status).toBe(201);
  const token = await partnerToken(accountId, ['catalog.lounges:read', 'booking.lounges:write']);
  const as = { token, certificateOf: accountId };
  return {
    contract: contract.body,
    lounge: () =>
      call<{ price?: GuestPrices }>(catalog, 'getLounge', { ...as, params: { loungeID: frankfurtLounge } }),
    book: () =>
      call<Booking>(booking, 'createLoungeBooking', {
        ...as,
        headers: idempotencyKey(),
        body: {
          lounge_id: frankfurtLounge,
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          phone: '7911123456',
          calling_code: '+44',
          guests: [
            { first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true },
            { first_name: 'Byron', last_name: 'Lovelace', type: 'Child', lead: false },
            { first_name: 'Anne', last_name: 'Lovelace', type: 'Infant', lead: false },
          ],
        },
      }),
    read: (bookingId: string) =>
      call<Booking>(booking, 'getLoungeBooking', { ...as, params: { bookingID: bookingId } }),
  };
}

async function setRackPrices(prices: GuestPrices) {
  const { body: item } = await call<Record<string, unknown>>(admin, 'getCatalogLounge', {
    ...asEmployee(),
    params: { loungeID: frankfurtLounge },
  });
  const { id: _id, ...form } = item;
  const replaced = await call(admin, 'replaceCatalogLounge', {
    ...asEmployee(),
    params: { loungeID: frankfurtLounge },
    body: { ...form, prices },
  });
  expect(replaced.status).toBe(200);
  await publish();
}

describe('prices', () => {
  it('are net of the discount in the catalog, price a booking by guest types, and stay frozen on it', async () => {
    const partner = await partnerWithDiscount(12.5);
    const listed = await partner.lounge();
    const created = await partner.book();
    const read = await partner.read(created.body.booking_id);

    await setRackPrices({ currency: 'EUR', adult: '50.00', child: '21.00', infant: '0.00' });
    const relisted = await partner.lounge();
    const readAfter = await partner.read(created.body.booking_id);
    const later = await partner.book();

    expect(partner.contract.discount_percent).toBe(12.5);
    // 12.5 % off 42.00 is 36.75; off 21.00, 2.625 rounds half to even to 2.62: 18.38.
    expect(listed.body.price).toEqual({ currency: 'EUR', adult: '36.75', child: '18.38', infant: '0.00' });
    expect(created.status).toBe(202);
    expect(created.body.price).toEqual({ amount: '55.13', currency: 'EUR' });
    expect(read.body.price).toEqual({ amount: '55.13', currency: 'EUR' });
    expect(relisted.body.price?.adult).toBe('43.75');
    expect(relisted.headers.etag).not.toBe(listed.headers.etag);
    expect(readAfter.body.price).toEqual({ amount: '55.13', currency: 'EUR' });
    expect(later.body.price).toEqual({ amount: '62.13', currency: 'EUR' });
  });

  it('move the ETag of the partner catalog when the discount changes', async () => {
    const partner = await partnerWithDiscount(0);
    const before = await partner.lounge();
    const accountId = partner.contract as unknown as { account_id: string };
    await call(admin, 'replaceAccountContract', {
      ...asEmployee(),
      params: { accountID: accountId.account_id },
      body: { ...everything, discount_percent: 10 },
    });
    resetModuleCaches();
    const after = await partner.lounge();

    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.price?.currency).toBe(before.body.price?.currency);
    expect(after.body.price?.adult).not.toBe(before.body.price?.adult);
  });

  it('refuse a rack price that is negative or has more decimals than its currency, and none, at the field', async () => {
    const { body: item } = await call<Record<string, unknown>>(admin, 'getCatalogLounge', {
      ...asEmployee(),
      params: { loungeID: frankfurtLounge },
    });
    const { id: _id, ...form } = item;

    const refused = await call<Problem>(admin, 'replaceCatalogLounge', {
      ...asEmployee(),
      params: { loungeID: frankfurtLounge },
      body: { ...form, prices: { currency: 'JPY', adult: '5500', child: '2750.50', infant: '-1' } },
    });
    const unpriced = await call<Problem>(admin, 'replaceCatalogLounge', {
      ...asEmployee(),
      params: { loungeID: frankfurtLounge },
      body: { ...form, prices: undefined },
    });

    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ValidationError');
    expect(refused.body.details?.errors?.map((error) => error.path).sort()).toEqual([
      'body.prices.child',
      'body.prices.infant',
    ]);
    expect(unpriced.status).toBe(422);
    expect(unpriced.body.details?.errors?.map((error) => error.path)).toEqual(['body.prices']);
  });
});

describe('contract terms', () => {
  it('default when left out, and the contract view shows them', async () => {
    const accountId = await createAccount('Terms partner');
    const created = await call<Record<string, unknown>>(admin, 'createAccountContract', {
      ...asEmployee(),
      params: { accountID: accountId },
      headers: idempotencyKey(),
      body: { ...everything, billing_basis: 'per_pass', free_cancellation_hours: 48 },
    });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      discount_percent: 0,
      billing_basis: 'per_pass',
      free_cancellation_hours: 48,
      cancellation_fee_percent: 100,
      no_show_fee_percent: 0,
      esim_refund_days: 30,
    });
  });

  it('refuse a percentage above 100, negative hours and fractional days, each at its field', async () => {
    const accountId = await createAccount('Bad terms partner');

    const refused = await call<Problem>(admin, 'createAccountContract', {
      ...asEmployee(),
      params: { accountID: accountId },
      headers: idempotencyKey(),
      body: { ...everything, discount_percent: 100.5, free_cancellation_hours: -1, esim_refund_days: 2.5 },
    });

    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ValidationError');
    expect(refused.body.details?.errors?.map((error) => error.path).sort()).toEqual([
      'body.discount_percent',
      'body.esim_refund_days',
      'body.free_cancellation_hours',
    ]);
  });
});
