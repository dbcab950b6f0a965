import { beforeAll, describe, expect, it } from 'vitest';
import { type EsimPartner, esimPartner, type Json } from './helpers.ts';

let partner: EsimPartner;
let other: EsimPartner;
let esim: Json;

const installPath = (iccid: string, platform?: string) =>
  `/v2/b2b/fulfilment/esims/${iccid}/install${platform === undefined ? '' : `?platform=${platform}`}`;

beforeAll(async () => {
  [partner, other] = await Promise.all([esimPartner(2), esimPartner(0)]);
  esim = await partner.issued();
});

describe('install help', () => {
  it.each([
    ['ios', 'https://esimsetup.apple.com/esim_qrcode_provisioning'],
    ['android', 'https://esimsetup.android.com/esim_qrcode_provisioning'],
  ])(
    'answers the %s install link carrying the activation code, and the manual details',
    async (platform, link) => {
      const activation = esim.activation as Json;

      const help = await partner.call('GET', installPath(esim.iccid as string, platform));

      expect(help.status).toBe(200);
      expect(help.body.platform).toBe(platform);
      const url = new URL(help.body.install_url as string);
      expect(`${url.origin}${url.pathname}`).toBe(link);
      expect(url.searchParams.get('carddata')).toBe(activation.lpa);
      expect(help.body.manual).toEqual({
        smdp_address: activation.smdp_address,
        activation_code: activation.matching_id,
      });
    },
  );

  it.each(['ios', 'android'])(
    'answers the %s steps in Russian for ru-RU and English for en-US',
    async (platform) => {
      const path = installPath(esim.iccid as string, platform);

      const russian = await partner.call('GET', path, { headers: { 'accept-language': 'ru-RU' } });
      const english = await partner.call('GET', path, { headers: { 'accept-language': 'en-US' } });
      const unstated = await partner.call('GET', path);

      expect(russian.status).toBe(200);
      expect((russian.body.steps as string[]).join(' ')).toMatch(/[а-яё]/i);
      expect((english.body.steps as string[]).join(' ')).not.toMatch(/[а-яё]/i);
      expect(unstated.body.steps).toEqual(english.body.steps);
      expect(russian.body.steps).toHaveLength((english.body.steps as string[]).length);
    },
  );

  it("answers 404 EsimNotFound for another account's eSIM", async () => {
    const refused = await other.call('GET', installPath(esim.iccid as string, 'ios'));

    expect([refused.status, refused.body.code]).toEqual([404, 'EsimNotFound']);
  });

  it.each([undefined, 'windows'])('refuses platform %s with 422 naming the query field', async (platform) => {
    const refused = await partner.call('GET', installPath(esim.iccid as string, platform));

    expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
    expect((refused.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe('query.platform');
  });
});
