import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { importSPKI, jwtVerify } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPartnerClient,
  downloadWalletPass,
  ProblemError,
  requestFetch,
} from '../../../clients/typescript/src/index.ts';
import { stage } from '../../support/api.ts';
import {
  bookingPath,
  call,
  catalog,
  confirmedBooking,
  issuedBooking,
  type Json,
  otherPartner,
  type Partner,
  partner,
  passUsed,
  type Service,
} from './helpers.ts';

const run = promisify(execFile);
const seedDir = new URL('../../../seed/catalog/', import.meta.url);
const seededName = (file: string, id: string): Record<string, string> => {
  const services = JSON.parse(readFileSync(new URL(file, seedDir), 'utf8')) as {
    id: string;
    name: Record<string, string>;
  }[];
  const found = services.find((service) => service.id === id);
  if (!found) throw new Error(`No ${id} in ${file}`);
  return found.name;
};

let dir: string;
const agents: Agent[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wallet-pass-'));
});

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The pkpass as a partner's code downloads it: the typed client over mutual TLS. */
async function downloaded(service: Service, bookingId: string, who: Partner = partner): Promise<Uint8Array> {
  const dispatcher = new Agent({
    connect: { cert: who.identity.cert, key: who.identity.key, ca: readFileSync(stage().ca_cert) },
  });
  agents.push(dispatcher);
  const token = await who.token();
  const api = createPartnerClient({
    baseUrl: stage().base_url,
    accessToken: () => token,
    fetch: requestFetch((url, init) => undiciFetch(url, { ...init, dispatcher })),
  });
  return downloadWalletPass(api, service, bookingId);
}

interface PassJson {
  serialNumber: string;
  passTypeIdentifier: string;
  teamIdentifier: string;
  voided?: boolean;
  barcodes?: { message: string; format: string }[];
  generic: {
    headerFields: { key: string; value: string }[];
    primaryFields: { key: string; value: string }[];
    secondaryFields: { key: string; value: unknown }[];
  };
}

/** `"key" = "value";` lines of a pass.strings file. */
function stringsOf(bytes: Uint8Array | undefined): Record<string, string> {
  const text = strFromU8(bytes ?? new Uint8Array());
  return Object.fromEntries([...text.matchAll(/^"(.+?)"\s*=\s*"(.*)";$/gm)].map((m) => [m[1], m[2]]));
}

/**
 * What Wallet checks before it shows a pass: every file of the zip is in the manifest with its SHA-1,
 * and the manifest's detached PKCS#7 signature verifies against the chain (here the stage's root, in
 * AWS Apple's).
 */
async function opened(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const manifest = JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())) as Record<
    string,
    string
  >;
  const hashed = Object.entries(files).filter(([name]) => name !== 'manifest.json' && name !== 'signature');
  expect(Object.keys(manifest).sort()).toEqual(hashed.map(([name]) => name).sort());
  for (const [name, content] of hashed) {
    expect(manifest[name], name).toBe(createHash('sha1').update(content).digest('hex'));
  }
  const passDir = await mkdtemp(join(dir, 'pass-'));
  await writeFile(join(passDir, 'manifest.json'), files['manifest.json'] ?? new Uint8Array());
  await writeFile(join(passDir, 'signature'), files.signature ?? new Uint8Array());
  const verified = await run('openssl', [
    'smime',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    join(passDir, 'signature'),
    '-content',
    join(passDir, 'manifest.json'),
    '-CAfile',
    stage().wallet.apple_root_cert,
    '-purpose',
    'any',
    '-out',
    join(passDir, 'verified'),
  ]);
  expect(verified.stderr).toMatch(/Verification successful/);
  return {
    passJson: JSON.parse(strFromU8(files['pass.json'] ?? new Uint8Array())) as PassJson,
    en: stringsOf(files['en.lproj/pass.strings']),
    ru: stringsOf(files['ru.lproj/pass.strings']),
    files: Object.keys(files),
  };
}

const passOf = async (service: Service, bookingId: string) =>
  (await call(partner, 'GET', bookingPath(service, bookingId, 'pass'))).body;

describe('the Apple Wallet pass of a confirmed booking', () => {
  it('is a pkpass Wallet accepts: hashes, signature by the stage chain, the pass QR as its barcode', async () => {
    const bookingId = await confirmedBooking('lounges');
    const pass = await passOf('lounges', bookingId);

    const { passJson, en, ru, files } = await opened(await downloaded('lounges', bookingId));

    expect(files).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'manifest.json', 'signature']));
    expect(passJson).toMatchObject({
      serialNumber: pass.pass_id,
      passTypeIdentifier: stage().wallet.pass_type_identifier,
      teamIdentifier: stage().wallet.team_identifier,
      voided: false,
      barcodes: [{ message: pass.qr, format: 'PKBarcodeFormatQR' }],
    });
    expect(passJson.generic.secondaryFields).toContainEqual({
      key: 'guests',
      label: 'guests_label',
      value: 2,
    });
    const name = seededName('lounges.json', catalog.lounge);
    expect(en).toMatchObject({ service_name: name['en-US'], guests_label: 'Guests' });
    expect(ru).toMatchObject({ service_name: name['ru-RU'], guests_label: 'Гости' });
  });

  it('answers application/vnd.apple.pkpass, never cached', async () => {
    const bookingId = await confirmedBooking('fast-tracks');

    const response = await call(partner, 'GET', bookingPath('fast-tracks', bookingId, 'pass.pkpass'), {
      headers: { accept: 'application/vnd.apple.pkpass' },
    });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is voided, saying Canceled, when fetched again after a cancel', async () => {
    const bookingId = await confirmedBooking('fast-tracks');
    await call(partner, 'POST', bookingPath('fast-tracks', bookingId, 'cancel'));

    const { passJson, en, ru } = await opened(await downloaded('fast-tracks', bookingId));

    expect(passJson.voided).toBe(true);
    expect(passJson.generic.headerFields[0]).toMatchObject({ key: 'status', value: 'status_Canceled' });
    expect([en.status_Canceled, ru.status_Canceled]).toEqual(['Canceled', 'Отменён']);
    expect(passJson.barcodes ?? []).toEqual([]);
  });

  it('is voided, saying Used, once the pass was used, and keeps its code', async () => {
    const bookingId = await confirmedBooking('lounges');
    const pass = await passOf('lounges', bookingId);
    expect((await passUsed(bookingId, 1)).status).toBe(200);

    const { passJson } = await opened(await downloaded('lounges', bookingId));

    expect(passJson.voided).toBe(true);
    expect(passJson.generic.headerFields[0]?.value).toBe('status_Used');
    expect(passJson.barcodes?.[0]?.message).toBe(pass.qr);
  });
});

describe('refusals of the Apple Wallet pass', () => {
  it('answers 409 PassNotReady before the booking is confirmed', async () => {
    const bookingId = await issuedBooking('lounges');

    const refusal = await downloaded('lounges', bookingId).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ProblemError);
    expect([(refusal as ProblemError).status, (refusal as ProblemError).problem.code]).toEqual([
      409,
      'PassNotReady',
    ]);
  });

  it("answers 404 BookingNotFound for another account's booking", async () => {
    const bookingId = await confirmedBooking('lounges', otherPartner);

    const response = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass.pkpass'));

    expect([response.status, response.body.code]).toEqual([404, 'BookingNotFound']);
  });

  it('answers 409 PassServiceTypeMismatch under the other service', async () => {
    const bookingId = await confirmedBooking('lounges');

    const response = await call(partner, 'GET', bookingPath('fast-tracks', bookingId, 'pass.pkpass'));

    expect([response.status, response.body.code]).toEqual([409, 'PassServiceTypeMismatch']);
  });

  it("answers 403 without the booking's scope", async () => {
    const bookingId = await confirmedBooking('lounges');

    const response = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass.pkpass'), {
      scope: 'booking.fast_tracks:write',
    });

    expect(response.status).toBe(403);
    expect(response.body.details).toMatchObject({ required_scope: 'booking.lounges:write' });
  });
});

describe('the Google Wallet save link', () => {
  async function claimsOf(url: string) {
    const jwt = url.replace('https://pay.google.com/gp/v/save/', '');
    const key = await importSPKI(readFileSync(stage().wallet.google_public_key, 'utf8'), 'RS256');
    return (await jwtVerify(jwt, key, { audience: 'google', algorithms: ['RS256'] })).payload;
  }

  it('is a JWT signed by the stage’s issuer key, carrying a generic object with the pass QR', async () => {
    const bookingId = await confirmedBooking('lounges');
    const pass = await passOf('lounges', bookingId);

    const claims = await claimsOf(pass.google_wallet_url as string);

    const issuer = stage().wallet.google_issuer_id;
    expect(claims).toMatchObject({ aud: 'google', typ: 'savetowallet', origins: [] });
    expect(claims.iss).toMatch(/@.+\.iam\.gserviceaccount\.com$/);
    const [object] = (claims.payload as { genericObjects: Json[] }).genericObjects;
    expect(object).toMatchObject({
      id: `${issuer}.${pass.pass_id}`,
      classId: `${issuer}.lounge_pass`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: pass.qr },
      validTimeInterval: { start: { date: pass.valid_from }, end: { date: pass.valid_until } },
    });
  });

  it('is null before the booking is confirmed and after it is canceled', async () => {
    const bookingId = await issuedBooking('lounges');
    const issued = await passOf('lounges', bookingId);
    await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'));
    const canceled = await passOf('lounges', bookingId);

    expect([issued.google_wallet_url, canceled.google_wallet_url]).toEqual([null, null]);
  });
});
