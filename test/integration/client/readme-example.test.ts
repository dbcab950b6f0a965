import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplePath, readmeExample } from '../../../clients/typescript/test/readme-example.ts';
import { inheritedPath } from '../../../infra/local/config.ts';
import { stage } from '../../support/api.ts';
import { type OnboardedPartner, onboardPartner } from '../../support/onboard.ts';

const run = promisify(execFile);
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');

let dir: string;
let partner: OnboardedPartner;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'client-example-'));
  partner = await onboardPartner(['catalog.lounges:read', 'booking.lounges:write'], 'Client example');
  await writeFile(join(dir, 'client.crt'), partner.identity.cert);
  await writeFile(join(dir, 'client.key'), partner.identity.key, { mode: 0o600 });
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the TypeScript client's README example", () => {
  it('runs against the local stage: a token, the lounges over mutual TLS, one booking', async () => {
    // The README shows this very file (a unit test compares them): running it runs the README.
    expect(await readmeExample()).toBe(await readFile(examplePath, 'utf8'));
    const { auth_url, base_url, ca_cert } = stage();

    const { stdout } = await run(tsx, [examplePath], {
      timeout: 60_000,
      env: {
        PATH: inheritedPath(),
        PTS_AUTH_URL: auth_url,
        PTS_BASE_URL: base_url,
        PTS_CA: ca_cert,
        PTS_CLIENT_ID: partner.clientId,
        PTS_CLIENT_SECRET: partner.clientSecret,
        PTS_CLIENT_CERT: join(dir, 'client.crt'),
        PTS_CLIENT_KEY: join(dir, 'client.key'),
      },
    });

    expect(stdout).toMatch(/^\d+ lounges; first: .+$/m);
    const bookingId = /^booking ([\w-]+) is Processing$/m.exec(stdout)?.[1];
    expect(bookingId).toBeDefined();
    const booking = await partner.call<{ booking_id: string }>('GET', `/v2/b2b/booking/lounges/${bookingId}`);
    expect(booking.status).toBe(200);
    expect(booking.body.booking_id).toBe(bookingId);
  }, 90_000);
});
