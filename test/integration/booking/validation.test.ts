import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookingBody, call, catalog, create, otherPartner, partner } from './helpers.ts';

const pathsOf = (body: Record<string, unknown>) =>
  ((body.details as { errors?: { path: string }[] } | undefined)?.errors ?? []).map((error) => error.path);

describe('a booking request that breaks a rule', () => {
  it.each([
    ['an unknown field', { note: 'window seat' }, ['body']],
    ['a lounge_id that is not a UUID', { lounge_id: 'lounge-1' }, ['body.lounge_id']],
    ['no guests', { guests: [] }, ['body.guests']],
    [
      'two lead guests',
      {
        guests: [
          { first_name: 'A', last_name: 'B', type: 'Adult', lead: true },
          { first_name: 'C', last_name: 'D', type: 'Adult', lead: true },
        ],
      },
      ['body.guests'],
    ],
    [
      'an unknown guest type',
      { guests: [{ first_name: 'A', last_name: 'B', type: 'Pet', lead: true }] },
      ['body.guests.0.type'],
    ],
    ['a malformed e-mail', { email: 'not-an-email' }, ['body.email']],
    ['a phone with a plus sign', { phone: '+447911123456' }, ['body.phone']],
    ['a transport number without digits', { transport_number: 'BA' }, ['body.transport_number']],
  ])('is refused with 422 for %s', async (_rule, overrides, paths) => {
    const response = await create('lounges', { body: bookingBody('lounges', overrides) });

    expect(response.status).toBe(422);
    expect(response.body.code).toBe('ValidationError');
    expect(pathsOf(response.body)).toEqual(paths);
  });

  it('is refused with 400 when the body is not JSON', async () => {
    const response = await call(partner, 'POST', '/v2/b2b/booking/lounges', {
      body: '{"lounge_id":',
      headers: { 'idempotency-key': randomUUID() },
    });

    expect(response.status).toBe(400);
  });

  it("is refused with 422 when it lacks what the lounge's required_booking_info asks for", async () => {
    const {
      phone: _phone,
      calling_code: _code,
      ...withoutPhone
    } = bookingBody('lounges', {
      lounge_id: catalog.loungeAskingForPhone,
    });

    const response = await create('lounges', { body: withoutPhone });

    expect(response.status).toBe(422);
    expect(pathsOf(response.body)).toEqual(['body.phone', 'body.calling_code']);
  });
});

describe('a booking of a service the partner may not book', () => {
  it('is a 404 CatalogResourceNotFound when the lounge is not in the contract', async () => {
    const response = await create('lounges', {
      who: otherPartner,
      body: bookingBody('lounges', { lounge_id: catalog.loungeOutsideSecondContract }),
    });

    expect([response.status, response.body.code]).toEqual([404, 'CatalogResourceNotFound']);
  });

  it('is a 404 CatalogResourceNotFound when the lounge is inactive', async () => {
    const response = await create('lounges', {
      body: bookingBody('lounges', { lounge_id: catalog.inactiveLounge }),
    });

    expect([response.status, response.body.code]).toEqual([404, 'CatalogResourceNotFound']);
  });

  it('is a 404 CatalogResourceNotFound for a lounge id on the fast-track path', async () => {
    const { lounge_id: _lounge, ...rest } = bookingBody('lounges');

    const response = await create('fast-tracks', { body: { ...rest, fast_track_id: catalog.lounge } });

    expect([response.status, response.body.code]).toEqual([404, 'CatalogResourceNotFound']);
  });
});
