import { describe, expect, it } from 'vitest';
import { isIccid } from '../../../shared/domain/esim/iccid.ts';
import { api } from '../../support/api.ts';
import { asOperator, esimPartner, type Json, orderBody, poolPath, tariffs } from './helpers.ts';

describe('ordering and confirming an eSIM', () => {
  it('creates a Pending order with the tariff price, then issues the eSIM with everything a phone needs', async () => {
    const partner = await esimPartner(3);

    const created = await partner.order();
    const orderId = created.body.order_id as string;
    const read = await partner.call('GET', `/v2/b2b/fulfilment/orders/${orderId}`);
    const confirmed = await partner.confirm(orderId);

    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/v2/b2b/fulfilment/orders/${orderId}`);
    expect(created.body).toMatchObject({
      status: 'Pending',
      package_template_id: tariffs.russia,
      active_period: 7,
      validity_period: 30,
      price: { amount: '3.00', currency: 'USD' },
      iccid: null,
    });
    expect(read.body).toEqual(created.body);
    expect(confirmed.status).toBe(200);
    const esim = confirmed.body;
    const iccid = esim.iccid as string;
    expect(isIccid(iccid)).toBe(true);
    const activation = esim.activation as Json;
    expect(activation.smdp_address).toBe('smdp.local.partner-travel.example.com');
    expect(activation.matching_id).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    expect(activation.lpa).toBe(`LPA:1$${activation.smdp_address}$${activation.matching_id}`);
    expect(activation.ios_install_url).toBe(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activation.lpa as string)}`,
    );
    expect(activation.qr_svg).toMatch(/^<svg/);
    expect(esim).toMatchObject({ status: 'NotActive', order_id: orderId });
    expect(esim.packages).toEqual([
      expect.objectContaining({
        package_template_id: tariffs.russia,
        status: 'NotActive',
        data_mb: 1024,
        used_mb: 0,
        remaining_mb: 1024,
        activated_at: null,
      }),
    ]);
    const after = await partner.call('GET', `/v2/b2b/fulfilment/orders/${orderId}`);
    expect(after.body).toMatchObject({ status: 'Confirmed', iccid });
  });

  it('answers the same eSIM to a second confirm and takes no second ICCID', async () => {
    const partner = await esimPartner(3);
    const orderId = (await partner.order()).body.order_id as string;

    const first = await partner.confirm(orderId);
    const second = await partner.confirm(orderId);
    const pool = await asOperator('GET', poolPath(partner.accountId));

    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(pool.body).toMatchObject({ available: 2, issued: 1 });
  });

  it('reads the eSIM with its packages and lists it', async () => {
    const partner = await esimPartner(3);
    const one = await partner.issued();
    const two = await partner.issued();

    const read = await partner.call('GET', `/v2/b2b/fulfilment/esims/${one.iccid}`);
    const page = await partner.call('GET', '/v2/b2b/fulfilment/esims?limit=1');
    const next = await partner.call(
      'GET',
      `/v2/b2b/fulfilment/esims?limit=1&cursor=${page.body.next_cursor as string}`,
    );

    expect(read.body).toEqual(one);
    const listed = [...(page.body.data as Json[]), ...(next.body.data as Json[])].map((esim) => esim.iccid);
    expect(listed).toEqual([one.iccid, two.iccid].sort());
    expect(next.body.next_cursor).toBeNull();
    expect((page.body.data as Json[])[0]?.activation).not.toHaveProperty('qr_svg');
  });

  it('works out of the box for the seeded partners, whose pools are loaded', async () => {
    const seeded = api(0);
    const token = await seeded.token();

    const created = await seeded.request<Json>('POST', '/v2/b2b/fulfilment/esims', {
      token,
      body: orderBody(),
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const confirmed = await seeded.request<Json>(
      'POST',
      `/v2/b2b/fulfilment/orders/${created.body.order_id as string}/confirm`,
      { token },
    );

    expect(confirmed.status).toBe(200);
    expect(confirmed.body.iccid).toMatch(/^8988299\d{12}$/);
  });
});

describe('top-ups and usage', () => {
  it('lists the tariffs that fit, tops up, and shows the new package and its usage', async () => {
    const partner = await esimPartner(1);
    const esim = await partner.issued();
    const iccid = esim.iccid as string;

    const offers = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}/topups`, {
      headers: { 'accept-language': 'ru-RU' },
    });
    const topUp = await partner.topUp(
      iccid,
      orderBody({ package_template_id: tariffs.cis, active_period: 30 }),
    );
    const used = await partner.usage(iccid, 100);
    const read = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`);

    const offered = (offers.body.data as Json[]).map((tariff) => tariff.id);
    expect(offered).toEqual(expect.arrayContaining([tariffs.russia, tariffs.russiaLarge, tariffs.cis]));
    expect(offered).not.toContain(tariffs.global);
    expect(offered).not.toContain(tariffs.turkey);
    expect((offers.body.data as Json[]).find((tariff) => tariff.id === tariffs.cis)?.name).toMatch(/СНГ/);
    expect(topUp.status).toBe(201);
    expect(topUp.body).toMatchObject({
      package_template_id: tariffs.cis,
      status: 'NotActive',
      data_mb: 5120,
    });
    expect(used.status).toBe(200);
    const activatedAt = used.body.activated_at as string;
    expect(used.body).toMatchObject({
      package_id: (esim.packages as Json[])[0]?.package_id,
      status: 'Active',
      used_mb: 100,
      remaining_mb: 924,
      usage_as_of: activatedAt,
    });
    expect(Date.parse(used.body.expires_at as string) - Date.parse(activatedAt)).toBe(7 * 86_400_000);
    expect(read.body.status).toBe('Active');
    expect((read.body.packages as Json[]).map((pkg) => pkg.status)).toEqual(['Active', 'NotActive']);
  });

  it('moves usage to the top-up once the first package is exhausted', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    await partner.topUp(iccid, orderBody({ package_template_id: tariffs.russiaLarge, active_period: 30 }));

    const exhausted = await partner.usage(iccid, 5000);
    const next = await partner.usage(iccid, 10);

    expect(exhausted.body).toMatchObject({ status: 'Exhausted', used_mb: 1024, remaining_mb: 0 });
    expect(next.body).toMatchObject({
      package_template_id: tariffs.russiaLarge,
      status: 'Active',
      used_mb: 10,
    });
  });
});
