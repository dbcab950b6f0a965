import type { ScheduledEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/key-rotation/handler.ts';
import { readPublicJwks } from '../../../shared/auth/keys.ts';
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
});
