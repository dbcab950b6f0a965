import { functionNeeds, type ServiceFunction, type TableName } from '../../infra/functions.ts';
import { type KeyPattern, keyAccessOf, partitionWriters, tablePartitions } from '../../infra/table-keys.ts';

const tableNames: TableName[] = ['main', 'idempotency', 'audit'];

/**
 * Who writes and who reads each partition group, as the registry declares it (infra/functions.ts,
 * infra/table-keys.ts): the table in docs/architecture.md, Least privilege inside the tables.
 */
export function partitionAccessTable(): string {
  const functions = Object.keys(functionNeeds) as ServiceFunction[];
  const rows = tableNames.flatMap((table) =>
    Object.entries(tablePartitions[table] as Record<string, readonly KeyPattern[]>).map(
      ([group, patterns]) => {
        const touching = (use: 'reads' | 'writes') =>
          functions.filter((name) =>
            keyAccessOf(functionNeeds[name])[table]?.[use].some((pattern) => patterns.includes(pattern)),
          );
        const owners =
          (partitionWriters[table] as Record<string, readonly ServiceFunction[] | undefined>)[group] ?? [];
        const readers = touching('reads').filter((name) => !owners.includes(name));
        const list = (names: readonly string[]) => (names.length ? names.join(', ') : '-');
        const shown = patterns.map((pattern) => `\`${pattern}\``).join(' ');
        return `| ${table} | ${group} | ${shown} | ${list(owners)} | ${list(readers)} |`;
      },
    ),
  );
  return [
    '| Table | Group | Partition keys | Written by (its owners) | Also read by |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
