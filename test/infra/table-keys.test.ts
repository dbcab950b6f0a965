import type { CfnElement } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionNeeds, type ServiceFunction, type TableName, workers } from '../../infra/functions.ts';
import type { StatefulStack } from '../../infra/stacks/stateful-stack.ts';
import {
  type KeyPattern,
  keyAccessOf,
  matchesKeyPattern,
  partitionWriters,
  tablePartitions,
} from '../../infra/table-keys.ts';
import { accountKeys, accountPartition } from '../../shared/db/entities/account.ts';
import { accountManagerKeys } from '../../shared/db/entities/account-manager.ts';
import { contractKey } from '../../shared/db/entities/catalog.ts';
import { resellerKey } from '../../shared/db/entities/esim-pool.ts';
import { certificateKeys } from '../../shared/db/entities/partner-certificate.ts';
import { routesForStage } from '../../shared/routes/index.ts';
import { partnerScopes } from '../../shared/vocabulary/scopes.ts';
import { functionIdOf, type Grant, grantsOf, type SynthesizedService, synthesizeService } from './support.ts';

// The stage deploys every function, the sandbox's included.
let service: SynthesizedService;
beforeAll(() => {
  service = synthesizeService('stage');
}, 120_000);

const writeActions = new Set([
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
]);

function tableIdOf(stateful: StatefulStack, table: TableName): string {
  return stateful.getLogicalId(stateful.tables[table].node.defaultChild as CfnElement);
}

function leadingKeysOf(grant: Grant): KeyPattern[] | undefined {
  const condition = (grant.conditions as Record<string, Record<string, unknown>> | undefined)?.[
    'ForAllValues:StringLike'
  ]?.['dynamodb:LeadingKeys'];
  return Array.isArray(condition) ? condition.map(String) : undefined;
}

/** The patterns `name` owns in `table`: those of every group it is a writer of. */
function ownedPatterns(name: ServiceFunction, table: TableName): KeyPattern[] {
  const groups = tablePartitions[table] as Record<string, readonly KeyPattern[]>;
  const writers = partitionWriters[table] as Record<string, readonly ServiceFunction[] | undefined>;
  return Object.entries(groups).flatMap(([group, patterns]) =>
    writers[group]?.includes(name) ? [...patterns] : [],
  );
}

/** What is wrong with one function's grants on one table: writes without a condition, or of partitions it does not own. */
function unownedWrites(name: ServiceFunction, table: TableName, grants: readonly Grant[]): string[] {
  const owned = new Set(ownedPatterns(name, table));
  return grants
    .filter((grant) => grant.actions.some((action) => writeActions.has(action)))
    .flatMap((grant) => {
      const patterns = leadingKeysOf(grant);
      if (!patterns) return [`${name} may write the ${table} table without a dynamodb:LeadingKeys condition`];
      return patterns
        .filter((pattern) => !owned.has(pattern))
        .map((pattern) => `${name} may write ${pattern} in the ${table} table, which it does not own`);
    });
}

function tableGrants(name: ServiceFunction, table: TableName): Grant[] {
  const { apiTemplate, stateful } = service;
  const tableId = tableIdOf(stateful, table);
  // Stream reads of the stream consumers are the event source's business, not table access.
  return grantsOf(apiTemplate, functionIdOf(apiTemplate, name)).filter(
    (grant) => grant.resources.includes(tableId) && !grant.resources.includes('StreamArn'),
  );
}

const tableNames: TableName[] = ['main', 'idempotency', 'audit'];

const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
/** The items of an account only employees may change, by the key builders of their stores. */
const accountRecordKeys = {
  account: accountKeys(accountId),
  manager: accountManagerKeys(accountId, 'employee-1'),
  contract: contractKey(accountId),
  reseller: resellerKey(accountId),
  certificate: certificateKeys(accountId, '0a1b2c'),
};

/** The functions whose grants let them write a partition of the main table. */
function writersOf(partition: string): string[] {
  return [...service.api.functions.keys()]
    .filter((name) =>
      tableGrants(name, 'main').some(
        (grant) =>
          grant.actions.some((action) => writeActions.has(action)) &&
          (leadingKeysOf(grant) ?? ['*']).some((pattern) => matchesKeyPattern(partition, pattern)),
      ),
    )
    .sort();
}

/** Route groups serving a route that partner scopes open, and the workers serving those groups. */
function partnerFacingFunctions(): ServiceFunction[] {
  const partner = new Set<string>(partnerScopes);
  const groups = new Set(
    routesForStage('stage')
      .filter(
        (route) =>
          route.auth &&
          [route.auth.scope, ...(route.auth.alternatives ?? [])].some((scope) => partner.has(scope)),
      )
      .map((route) => route.group),
  );
  const serving = Object.entries(workers)
    .filter(([, worker]) => groups.has(worker.servesGroup))
    .map(([name]) => name as ServiceFunction);
  return [...groups, ...serving];
}

describe('least privilege inside the tables', () => {
  it('limits every statement on a table to the partitions the function declares (dynamodb:LeadingKeys)', () => {
    for (const name of service.api.functions.keys()) {
      for (const table of tableNames) {
        for (const grant of tableGrants(name, table)) {
          const patterns = leadingKeysOf(grant);
          expect(patterns, `${name} on ${table}: ${grant.actions.join(', ')}`).toBeDefined();
          expect(patterns?.length, `${name} on ${table}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('lets no function write a partition it does not own', () => {
    const findings = [...service.api.functions.keys()].flatMap((name) =>
      tableNames.flatMap((table) => unownedWrites(name, table, tableGrants(name, table))),
    );

    expect(findings).toEqual([]);
  });

  it('finds a write of a partition the function does not own, and a write without a condition', () => {
    const planted: Grant = {
      actions: ['dynamodb:PutItem'],
      resources: '',
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ACCOUNT#*', 'LOGIN_CODE#*'] } },
    };
    const unconditioned: Grant = { actions: ['dynamodb:UpdateItem'], resources: '' };

    expect(unownedWrites('booking', 'main', [planted, unconditioned])).toEqual([
      'booking may write LOGIN_CODE#* in the main table, which it does not own',
      'booking may write the main table without a dynamodb:LeadingKeys condition',
    ]);
  });

  it('lets no partner-facing function write login states, login codes, applications, lockouts or account records', () => {
    const functions = partnerFacingFunctions();
    const forbidden = [
      'LOGIN_STATE#state',
      'LOGIN_CODE#hash',
      'APPLICATION#client',
      'LOCKOUT#client',
      'EMPLOYEE#id',
      ...Object.values(accountRecordKeys).map((key) => key.pk),
    ];

    expect(functions).toEqual(
      expect.arrayContaining(['catalog', 'booking', 'esim', 'webhooks', 'quotas', 'sandbox']),
    );
    expect(functions).toEqual(
      expect.arrayContaining(['booking-processor', 'webhook-dispatcher', 'esim-expiry']),
    );
    for (const name of functions) {
      const writable = tableGrants(name, 'main')
        .filter((grant) => grant.actions.some((action) => writeActions.has(action)))
        .flatMap((grant) => leadingKeysOf(grant) ?? ['*']);
      for (const partition of forbidden) {
        expect(
          writable.filter((pattern) => matchesKeyPattern(partition, pattern)),
          `${name} may write ${partition}`,
        ).toEqual([]);
      }
    }
  });

  it('lets only the employee login write login states and codes, and only administration write applications', () => {
    expect(writersOf('LOGIN_STATE#state')).toEqual(['auth']);
    expect(writersOf('LOGIN_CODE#hash')).toEqual(['auth']);
    expect(writersOf('APPLICATION#client')).toEqual(['admin']);
  });

  it('keeps the account records apart from the partner’s partition: only employees’ functions write them', () => {
    for (const [item, key] of Object.entries(accountRecordKeys)) {
      expect(
        tablePartitions.main.accountRecords.some((pattern) => matchesKeyPattern(key.pk, pattern)),
        item,
      ).toBe(true);
      expect(
        tablePartitions.main.accounts.some((pattern) => matchesKeyPattern(key.pk, pattern)),
        item,
      ).toBe(false);
      expect(writersOf(key.pk), item).toEqual(['admin', 'catalog-admin', 'certificate-expiry']);
    }
    expect(
      tablePartitions.main.accountRecords.some((pattern) =>
        matchesKeyPattern(accountPartition(accountId), pattern),
      ),
    ).toBe(false);
  });

  it('names no owner that does not write the group: each owner list says who writes, no more', () => {
    const stale = tableNames.flatMap((table) =>
      Object.entries(partitionWriters[table] as Record<string, readonly ServiceFunction[]>).flatMap(
        ([group, owners]) => {
          const patterns = (tablePartitions[table] as Record<string, readonly KeyPattern[]>)[group] ?? [];
          return owners
            .filter(
              (name) =>
                !patterns.every((pattern) =>
                  keyAccessOf(functionNeeds[name])[table]?.writes.includes(pattern),
                ),
            )
            .map((name) => `${name} owns ${group} of the ${table} table but does not write it`);
        },
      ),
    );

    expect(stale).toEqual([]);
  });

  it('keeps the daily usage counters out of the idempotency records’ partitions', () => {
    const records = tablePartitions.idempotency.idempotencyRecords;

    expect(records.some((pattern) => matchesKeyPattern('USAGE#account#2026-11-28', pattern))).toBe(false);
    expect(
      records.some((pattern) =>
        matchesKeyPattern('7d0c5f0e-31c1-4c8e-9a53-0c4a3c1c8f00#createBooking#k', pattern),
      ),
    ).toBe(true);
    expect(records.some((pattern) => matchesKeyPattern('employee:alice#createAccount#k', pattern))).toBe(
      true,
    );
  });
});
