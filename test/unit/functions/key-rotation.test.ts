import type { ScheduledEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/key-rotation/handler.ts';
import { readPublicJwks } from '../../../shared/auth/keys.ts';
import { config } from '../../../shared/config/env.ts';
import { passJwks, readPassSigningKeys, readPublishedPassKeys } from '../../../shared/pki/pass-signing.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const scheduled = {
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  time: '2030-01-01T00:00:00Z',
} as ScheduledEvent;

describe('the key rotation function', () => {
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    ({ cleanUp } = await useLocalConfig());
  });
  afterEach(() => cleanUp());

  it('adds a signing key on each run and keeps the previous one published', async () => {
    const first = await handler(scheduled);
    const second = await handler(scheduled);

    expect(first.published).toHaveLength(1);
    expect(second.published).toEqual([expect.any(String), first.published[0]]);
    expect((await readPublicJwks(secretStore())).keys.map((key) => key.kid)).toEqual(second.published);
  });

  it('provisions the pass signing keys once and never replaces them', async () => {
    await handler(scheduled);
    const provisioned = await readPassSigningKeys(secretStore(), config().secretIds.passSigningKeys);

    await handler(scheduled);
    const afterSecondRun = await readPassSigningKeys(secretStore(), config().secretIds.passSigningKeys);

    expect(provisioned?.keys).toHaveLength(1);
    expect(afterSecondRun).toEqual(provisioned);
    expect(await readPublishedPassKeys(secretStore(), config().secretIds.passKeysPublic)).toEqual(
      passJwks(provisioned ?? { keys: [] }),
    );
  });
});
