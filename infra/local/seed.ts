import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clientCredentialIssuer } from '../../shared/auth/client-secrets.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { applicationStore } from '../../shared/db/entities/application.ts';
import { partnerCertificateStore } from '../../shared/db/entities/partner-certificate.ts';
import { commitWrites, DynamoUnitOfWork } from '../../shared/db/transaction.ts';
import type { AccountPorts } from '../../shared/domain/accounts/ports.ts';
import { createAccount, createApplication } from '../../shared/domain/accounts/service.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { createCsr, generateKeyPair, privateKeyPem } from '../../shared/pki/certificates.ts';
import { partnerCertificateSigner } from '../../shared/pki/partner-ca.ts';
import { identityScopes, partnerScopes } from '../../shared/vocabulary/scopes.ts';
import { type SeedContext, type Seeder, seeders } from './seeders.ts';

export interface SeededClient {
  account_id: string;
  client_id: string;
  client_secret: string;
}

/** `<state dir>/seed.json`: client secrets are shown once, so the stage keeps them for stage.json. */
export interface SeedFile {
  operator: SeededClient;
  partners: SeededClient[];
  /** Names of the feature seeders already run on this state dir. */
  seeders: string[];
}

export const partnerCount = 2;

export function clientFiles(stateDir: string, slug: string): { cert: string; key: string } {
  return {
    cert: join(stateDir, 'clients', `${slug}.pem`),
    key: join(stateDir, 'clients', `${slug}-key.pem`),
  };
}

export function partnerSlug(index: number): string {
  return `partner-${index + 1}`;
}

const accountPorts: AccountPorts = {
  accounts: accountStore,
  applications: applicationStore,
  certificates: partnerCertificateSigner,
  partnerCertificates: partnerCertificateStore,
  credentials: clientCredentialIssuer,
  // The local gateway reads each account's plan from its record: nothing to assign.
  usagePlans: { assign: async () => undefined },
};

/** Onboards one account the way an operator would: a key pair, a CSR, the account, one application. */
async function onboard(
  stateDir: string,
  slug: string,
  input: { name: string; kind: 'partner' | 'operator'; scopes: readonly string[] },
  now: Date,
): Promise<SeededClient> {
  const keys = await generateKeyPair();
  const csrPem = await createCsr(keys, input.name);

  const accountWrites = new DynamoUnitOfWork();
  const { account, certificatePem } = await createAccount(
    accountPorts,
    { name: input.name, csrPem, kind: input.kind, plan: quotaSettingsByStage.local.defaultPlan },
    accountWrites,
    now,
  );
  await commitWrites(accountWrites.writes);

  const applicationWrites = new DynamoUnitOfWork();
  const { application, clientSecret } = await createApplication(
    accountPorts,
    { accountId: account.accountId, name: `${input.name} application`, allowedScopes: input.scopes },
    applicationWrites,
    now,
  );
  await commitWrites(applicationWrites.writes);

  const files = clientFiles(stateDir, slug);
  await mkdir(join(stateDir, 'clients'), { recursive: true, mode: 0o700 });
  await writeFile(files.key, await privateKeyPem(keys.privateKey), { mode: 0o600 });
  await writeFile(files.cert, certificatePem);
  return { account_id: account.accountId, client_id: application.clientId, client_secret: clientSecret };
}

async function writeSeedFile(stateDir: string, seed: SeedFile): Promise<void> {
  await writeFile(seedFilePath(stateDir), `${JSON.stringify(seed, null, 2)}\n`, { mode: 0o600 });
}

export function seedFilePath(stateDir: string): string {
  return join(stateDir, 'seed.json');
}

/** First start: two partners with every partner scope and an operator with the identity scopes. */
export async function seedAccounts(stateDir: string): Promise<SeedFile> {
  const now = new Date();
  const operator = await onboard(
    stateDir,
    'operator',
    { name: 'Local Operator', kind: 'operator', scopes: identityScopes },
    now,
  );
  const partners: SeededClient[] = [];
  for (let index = 0; index < partnerCount; index++) {
    const name = `Local Partner ${index + 1}`;
    partners.push(
      await onboard(stateDir, partnerSlug(index), { name, kind: 'partner', scopes: partnerScopes }, now),
    );
  }
  const seed: SeedFile = { operator, partners, seeders: [] };
  await writeSeedFile(stateDir, seed);
  return seed;
}

/** Feature seeders not run yet on this state dir, so one added later also reaches an existing stage. */
export async function runSeeders(
  stateDir: string,
  seed: SeedFile,
  log: (message: string) => void,
  list: readonly Seeder[] = seeders,
): Promise<void> {
  const context: SeedContext = {
    stateDir,
    now: new Date(),
    operator: { accountId: seed.operator.account_id },
    partners: seed.partners.map((partner) => ({ accountId: partner.account_id })),
  };
  for (const seeder of list) {
    if (seed.seeders.includes(seeder.name)) continue;
    log(`seeding ${seeder.name}`);
    await seeder.run(context);
    seed.seeders.push(seeder.name);
    await writeSeedFile(stateDir, seed);
  }
}
