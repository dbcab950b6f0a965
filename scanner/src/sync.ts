import { Offline, ProblemError, type Redemption } from './api.ts';
import type { PendingRedemption } from './store.ts';

/**
 * Sends the queue of offline redemptions oldest first, each with its own Idempotency-Key and scan
 * time, so a retry is the same request. A 201 settles an entry, and so does a refusal of the
 * redemption itself (409, 422: retrying could not change it); anything else (no network, a device
 * cut off, a fault, an answer not understood) stops the sync with the entry kept: nothing a scanner
 * sends is lost.
 */
export interface SyncPorts {
  oldest(): Promise<{ key: number; value: PendingRedemption } | undefined>;
  remove(key: number): Promise<void>;
  redeem(pending: PendingRedemption): Promise<Redemption>;
}

export type SyncOutcome =
  | { kind: 'recorded'; pending: PendingRedemption; redemption: Redemption }
  | { kind: 'refused'; pending: PendingRedemption; error: ProblemError };

export interface SyncResult {
  outcomes: SyncOutcome[];
  /** Why it stopped before the queue was empty: the network is gone, or the service did not settle an entry. */
  stopped?: 'offline' | 'unsettled';
  /** The answer that left an entry unsettled (a 401: the device was disabled). */
  unsettledBy?: unknown;
}

export async function syncQueue(
  ports: SyncPorts,
  onSettled?: (outcome: SyncOutcome) => void,
): Promise<SyncResult> {
  const outcomes: SyncOutcome[] = [];
  for (let next = await ports.oldest(); next; next = await ports.oldest()) {
    const { key, value } = next;
    let outcome: SyncOutcome;
    try {
      outcome = { kind: 'recorded', pending: value, redemption: await ports.redeem(value) };
    } catch (error) {
      if (error instanceof Offline) return { outcomes, stopped: 'offline' };
      if (!(error instanceof ProblemError && [409, 422].includes(error.problem.status)))
        return { outcomes, stopped: 'unsettled', unsettledBy: error };
      outcome = { kind: 'refused', pending: value, error };
    }
    await ports.remove(key);
    outcomes.push(outcome);
    onSettled?.(outcome);
  }
  return { outcomes };
}
