import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, stage } from '../../support/api.ts';
import { type EsimPartner, esimPartner, eventsOf, type Json, testIccids } from './helpers.ts';

const es2plusPath = '/gsma/rsp2/es2plus/handleDownloadProgressInfo';
const protocol = { 'x-admin-protocol': 'gsma/rsp/v2.2.0' };
const eid = '89049032000000000000000000000042';
const client = api(0);

let partner: EsimPartner;
let other: EsimPartner;

beforeAll(async () => {
  [partner, other] = await Promise.all([esimPartner(6), esimPartner(1)]);
});

const smdpIdentity = () => ({
  cert: readFileSync(stage().smdp_client.cert, 'utf8'),
  key: readFileSync(stage().smdp_client.key, 'utf8'),
});

function notification(iccid: string, notificationPointId: number, callId = randomUUID()): Json {
  return {
    header: { functionRequesterIdentifier: 'smdp.test', functionCallIdentifier: callId },
    eid,
    iccid,
    profileType: 'test',
    timestamp: new Date().toISOString(),
    notificationPointId,
    notificationPointStatus: { status: 'Executed-Success' },
  };
}

/** The SM-DP+ calling ES2+ with its own client certificate. */
const asSmdp = (body: unknown, headers: Record<string, string> = protocol) =>
  client.request<Json>('POST', es2plusPath, { host: 'es2plus', cert: smdpIdentity(), body, headers });

const profileEvents = async (iccid: string) =>
  (await eventsOf(iccid)).filter((event) => event.event === 'esim.profile.status_changed');

describe('the eSIM profile state from the SM-DP+', () => {
  it('moves Released -> Downloaded -> Installed through the sandbox, one esim.profile.status_changed each', async () => {
    const issued = await partner.issued();
    const iccid = issued.iccid as string;
    expect(issued.profile).toMatchObject({ state: 'Released', eid: null });

    const downloaded = await partner.call('POST', '/v2/b2b/sandbox/esim-profile', {
      body: { iccid, state: 'Downloaded' },
    });
    const installed = await partner.call('POST', '/v2/b2b/sandbox/esim-profile', {
      body: { iccid, state: 'Installed' },
    });
    const read = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`);

    expect(downloaded.status).toBe(200);
    expect(downloaded.body.profile).toMatchObject({ state: 'Downloaded' });
    expect(installed.status).toBe(200);
    expect(read.body.profile).toMatchObject({ state: 'Installed', eid: expect.stringMatching(/^\d{32}$/) });
    expect((await profileEvents(iccid)).map((event) => (event.data as Json).state)).toEqual([
      'Downloaded',
      'Installed',
    ]);
    expect((await profileEvents(iccid))[1]?.data).toMatchObject({ iccid, previous_state: 'Downloaded' });
  });

  it('answers a replayed function call identifier with Executed-Success and changes nothing', async () => {
    const iccid = (await partner.issued()).iccid as string;
    const body = notification(iccid, 3);

    const first = await asSmdp(body);
    const replay = await asSmdp({ ...body, notificationPointId: 4 });

    for (const answer of [first, replay]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-admin-protocol']).toBe('gsma/rsp/v2.2.0');
      expect(answer.body).toEqual({ header: { functionExecutionStatus: { status: 'Executed-Success' } } });
    }
    const read = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`);
    expect(read.body.profile).toMatchObject({ state: 'Downloaded', eid });
    expect(await profileEvents(iccid)).toHaveLength(1);
  });

  it("answers an unknown ICCID with SGP.22's Failed status (8.2.1, 3.9)", async () => {
    const [unknown = ''] = testIccids(1);

    const answer = await asSmdp(notification(unknown, 3));

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      header: {
        functionExecutionStatus: {
          status: 'Failed',
          statusCodeData: {
            subjectCode: '8.2.1',
            reasonCode: '3.9',
            message: `ICCID ${unknown} is unknown.`,
          },
        },
      },
    });
  });

  it('refuses a request without X-Admin-Protocol (422)', async () => {
    const iccid = (await partner.issued()).iccid as string;

    const answer = await asSmdp(notification(iccid, 3), {});

    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('ValidationError');
  });

  it("refuses a partner CA's client certificate on the ES2+ host: no handshake", async () => {
    const iccid = (await partner.issued()).iccid as string;

    const attempt = client.request('POST', es2plusPath, {
      host: 'es2plus',
      cert: 0,
      body: notification(iccid, 3),
      headers: protocol,
    });

    await expect(attempt).rejects.toThrow();
    expect(await profileEvents(iccid)).toHaveLength(0);
  });

  it("answers another account's eSIM with 404 EsimNotFound in the sandbox, and reports nothing", async () => {
    const theirs = (await other.issued()).iccid as string;

    const answer = await partner.call('POST', '/v2/b2b/sandbox/esim-profile', {
      body: { iccid: theirs, state: 'Downloaded' },
    });

    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('EsimNotFound');
    expect(await profileEvents(theirs)).toHaveLength(0);
  });
});
