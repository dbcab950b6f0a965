import { newEvent } from '../../../shared/domain/events.ts';
import { ledgerContract } from '../../support/contracts/ledger.ts';
import { MemoryLedger } from '../../support/memory-ledger.ts';

const ledger = new MemoryLedger();
ledgerContract('in memory', () => ({
  ledger,
  reader: ledger,
  closing: ledger,
  commit: async (writes) => ledger.apply(writes),
  event: (accountId) =>
    ledger.outbox.event(
      newEvent({
        accountId,
        type: 'billing.statement.closed',
        orderingKey: `STATEMENT#${accountId}`,
        data: {},
        now: new Date(),
      }),
    ),
}));
