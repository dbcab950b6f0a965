import { createHash } from 'node:crypto';
import { accountStore } from '../../shared/db/entities/account.ts';
import { iccidPool } from '../../shared/db/entities/esim-pool.ts';
import { withCheckDigit } from '../../shared/domain/esim/iccid.ts';
import { loadPool } from '../../shared/domain/esim/service.ts';

/** ICCIDs each seeded partner's pool starts with: enough to try ordering by hand and to run the bench. */
export const seededPoolSize = 300;

/**
 * The same ICCIDs for a partner on every fresh stage: `89 882 99` (telecom, international network,
 * a test issuer), five digits derived from the account id, a six-digit serial, the Luhn digit.
 */
export function seededIccids(accountId: string, count = seededPoolSize): string[] {
  const block =
    Number.parseInt(createHash('sha256').update(accountId).digest('hex').slice(0, 8), 16) % 100_000;
  const prefix = `8988299${String(block).padStart(5, '0')}`;
  return Array.from({ length: count }, (_, serial) =>
    withCheckDigit(`${prefix}${String(serial).padStart(6, '0')}`),
  );
}

/** Loads each seeded partner's pool through the same use case operators call. */
export async function seedEsimPools(accountIds: readonly string[], now: Date): Promise<void> {
  for (const accountId of accountIds) {
    await loadPool({ pool: iccidPool, accounts: accountStore }, accountId, seededIccids(accountId), now);
  }
}
