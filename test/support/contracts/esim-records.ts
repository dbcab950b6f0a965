import { randomInt, randomUUID } from 'node:crypto';
import { withCheckDigit } from '../../../shared/domain/esim/iccid.ts';
import type { Esim, EsimOrder, EsimPackage } from '../../../shared/domain/esim/model.ts';

/** Records of the eSIM contract suites, each with fresh ids: the suites share one stage's tables. */

/**
 * ICCIDs no other test loads (test/integration/esim and console use `8988298`, `8988297`), ascending:
 * an ICCID belongs to one account for good, across every test of the stage.
 */
export function freshIccids(count: number): string[] {
  const block = String(randomInt(1e9)).padStart(9, '0');
  return Array.from({ length: count }, (_, serial) =>
    withCheckDigit(`8988296${block}${String(serial).padStart(2, '0')}`),
  );
}

export function anOrder(overrides: Partial<EsimOrder> = {}): EsimOrder {
  return {
    orderId: randomUUID(),
    accountId: randomUUID(),
    status: 'Pending',
    packageTemplateId: 'd512d42b-de6f-5a7d-9145-b7f10a7d248f',
    activePeriod: 7,
    validityPeriod: 30,
    price: { amount: '3.00', currency: 'USD' },
    dataMb: 1024,
    coverage: ['RU'],
    iccid: null,
    createdAt: '2030-05-01T10:00:00.000Z',
    updatedAt: '2030-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aPackage(overrides: Partial<EsimPackage> = {}): EsimPackage {
  return {
    packageId: randomUUID(),
    packageTemplateId: 'd512d42b-de6f-5a7d-9145-b7f10a7d248f',
    status: 'NotActive',
    dataMb: 1024,
    usedMb: 0,
    activePeriod: 7,
    validityPeriod: 30,
    usageAsOf: '2030-05-01T10:00:00.000Z',
    activatedAt: null,
    expiresAt: '2030-05-31T10:00:00.000Z',
    createdAt: '2030-05-01T10:00:00.000Z',
    notified: [],
    thresholdsNotified: [],
    expiryNotices: [],
    ...overrides,
  };
}

export function anEsim(overrides: Partial<Esim> = {}): Esim {
  const [iccid = ''] = freshIccids(1);
  return {
    iccid,
    accountId: randomUUID(),
    orderId: randomUUID(),
    smdpAddress: 'smdp.test.partner-travel.example.com',
    matchingId: `MATCH-${iccid}`,
    coverage: ['RU'],
    packages: [aPackage()],
    version: 1,
    createdAt: '2030-05-01T10:00:00.000Z',
    updatedAt: '2030-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The order as a confirm leaves it, and the eSIM it issues on `iccid`. */
export function confirmation(
  order: EsimOrder,
  iccid: string,
): { confirmed: EsimOrder; esim: Esim; charges: [] } {
  return {
    charges: [],
    confirmed: { ...order, status: 'Confirmed', iccid, updatedAt: '2030-05-01T10:05:00.000Z' },
    esim: anEsim({ iccid, accountId: order.accountId, orderId: order.orderId }),
  };
}
