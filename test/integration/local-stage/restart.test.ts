import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts, type RunningStage, type StageOptions, startStage } from '../../../infra/local/stage.ts';
import { stageClient } from '../../support/api.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const marker = { pk: { S: 'TEST#restart' }, sk: { S: 'TEST#restart' } };

describe('a persistent stage', () => {
  let stateDir: string | undefined;
  const running: RunningStage[] = [];

  afterAll(async () => {
    await Promise.all(running.map((stage) => stage.stop()));
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  });

  async function start(options: StageOptions): Promise<RunningStage> {
    const stage = await startStage(options);
    running.push(stage);
    return stage;
  }

  it('keeps every record, its PKI and its seeded clients across a restart on the same state dir', async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'pts-restart-'));
    const options: StageOptions = {
      stateDir,
      ...freePorts,
      persistent: true,
      env: { LOG_LEVEL: 'SILENT' },
      log: () => undefined,
      // Feature seed data is not what this test is about; it only slows both starts down.
      seeders: [],
    };
    const first = await start(options);
    const before = new DynamoDBClient({
      region: first.endpoints.region,
      endpoint: first.endpoints.dynamodb,
      credentials,
    });
    await before.send(
      new PutItemCommand({
        TableName: first.endpoints.tables.main,
        Item: { ...marker, note: { S: 'kept' } },
      }),
    );
    before.destroy();
    await first.stop();

    const second = await start(options);
    const after = new DynamoDBClient({
      region: second.endpoints.region,
      endpoint: second.endpoints.dynamodb,
      credentials,
    });
    const stored = await after.send(
      new GetItemCommand({ TableName: second.endpoints.tables.main, Key: marker }),
    );
    after.destroy();
    const client = stageClient(() => second.stageJson);
    const accounts = await client.api('operator').request<{ data: unknown[] }>('GET', '/v2/admin/accounts', {
      token: await client.token('operator'),
    });
    await client.close();

    expect(stored.Item?.note).toEqual({ S: 'kept' });
    expect(second.stageJson.ca_cert).toBe(first.stageJson.ca_cert);
    expect(second.stageJson.operator).toEqual(first.stageJson.operator);
    expect(second.stageJson.partners).toEqual(first.stageJson.partners);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data).toHaveLength(3);
  });
});
