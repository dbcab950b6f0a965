import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CreateSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';

/** Where the service keeps key material: Secrets Manager in AWS, the state dir on the local stage. */
export interface SecretStore {
  /** The secret's current value, or undefined when it was never written. */
  get(id: string): Promise<string | undefined>;
  put(id: string, value: string): Promise<void>;
}

export class SecretsManagerStore implements SecretStore {
  constructor(private readonly client: SecretsManagerClient) {}

  async get(id: string): Promise<string | undefined> {
    try {
      const result = await this.client.send(new GetSecretValueCommand({ SecretId: id }));
      return result.SecretString;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }
  }

  async put(id: string, value: string): Promise<void> {
    try {
      await this.client.send(new PutSecretValueCommand({ SecretId: id, SecretString: value }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      await this.client.send(new CreateSecretCommand({ Name: id, SecretString: value }));
    }
  }
}

/** Local stage: one file per secret, written atomically, readable only by the owner. */
export class FileSecretStore implements SecretStore {
  constructor(private readonly dir: string) {}

  private path(id: string): string {
    return join(this.dir, `${id.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
  }

  async get(id: string): Promise<string | undefined> {
    try {
      return await readFile(this.path(id), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async put(id: string, value: string): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.path(id);
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, value, { mode: 0o600 });
    await rename(temporary, target);
  }
}

let store: SecretStore | undefined;

export function secretStore(): SecretStore {
  if (!store) {
    const { secretsBackend, secretsDir, region } = config();
    if (secretsBackend === 'file') {
      if (!secretsDir) throw new Error('SECRETS_DIR is required when SECRETS_BACKEND=file');
      store = new FileSecretStore(secretsDir);
    } else {
      store = new SecretsManagerStore(new SecretsManagerClient({ region }));
    }
  }
  return store;
}

function resetSecretStore(): void {
  store = undefined;
}
onReset(resetSecretStore);
