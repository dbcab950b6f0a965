import { config } from '../../shared/config/env.ts';
import { bookingStore } from '../../shared/db/entities/booking.ts';
import { ledgerStore } from '../../shared/db/entities/ledger.ts';
import { redemptionStore } from '../../shared/db/entities/redemption.ts';
import { NotFoundError } from '../../shared/domain/errors.ts';
import { simulatePassUse } from '../../shared/domain/redemptions/sandbox.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { passView } from '../../shared/http/views/booking.ts';
import { esimSandboxRoutes } from '../../shared/routes/esim-sandbox.ts';
import { sandboxRoutes } from '../../shared/routes/sandbox.ts';
import { esimSandboxImplementations } from './esim-usage.ts';

/**
 * Sandbox operations. Production never deploys them (routesForStage); should the function reach prod
 * anyway, it answers as if the path did not exist. The eSIM operations of this group live beside it
 * (docs/esim.md).
 */
const groupRoutes = { ...sandboxRoutes, ...esimSandboxRoutes };

export const handler = createApiHandler(groupRoutes, {
  ...esimSandboxImplementations,
  simulatePassUsed: async ({ principal, body, now, uow, route }) => {
    if (config().stage === 'prod')
      throw new NotFoundError('ResourceNotFound', `No operation at ${route.path}.`);
    const pass = await simulatePassUse(
      { bookings: bookingStore, redemptions: redemptionStore, ledger: ledgerStore, uow },
      { accountId: principal.accountId, scopes: principal.scopes, now },
      body.booking_id,
      body.used_guests_count,
    );
    // A used pass has no Google Wallet link (docs/wallet.md): this function holds no wallet key.
    return { status: 200, body: await passView(pass, null) };
  },
});
