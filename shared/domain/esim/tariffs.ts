import { billingTermsOf, type TariffRecord } from '../catalog/catalog-stored.ts';
import { defaultLocale, negotiateLocale } from '../catalog/locale.ts';
import type { CatalogReader, CatalogView } from '../catalog/ports.ts';
import { contractedRecord } from '../catalog/service.ts';
import type { Tariff } from './model.ts';
import type { EsimRefundTerms, EsimTariffs } from './ports.ts';

function tariffOf(record: TariffRecord, name: string): Tariff {
  return {
    id: record.id,
    name,
    coverage: [...record.coverage],
    dataMb: record.data_mb,
    validityDays: record.validity_days,
    topupAllowed: record.topup_allowed,
    price: { amount: record.price.amount, currency: record.price.currency },
  };
}

const contracted = (view: CatalogView, tariffId: string) => contractedRecord(view, 'tariffs', tariffId);

/**
 * The eSIM's view of the catalog: what the account sees (active, in its contract) is what it may
 * order. As for bookings, the view is the one the catalog answers from (at most 5 s old: docs/catalog.md,
 * "Served from memory"), and only a yes is taken from it: a no is checked against a read made now.
 */
export function catalogEsimTariffs(reader: CatalogReader): EsimTariffs {
  return {
    async find(accountId, tariffId) {
      const record =
        contracted(await reader.view(accountId), tariffId) ??
        contracted(await reader.view(accountId, { maxAgeMs: 0 }), tariffId);
      return record ? tariffOf(record, record.name[defaultLocale]) : undefined;
    },
    async list(accountId, acceptLanguage) {
      const view = await reader.view(accountId);
      const locale = negotiateLocale(acceptLanguage);
      return view.snapshot
        .entries('tariffs', locale)
        .filter((entry) => contracted(view, entry.id) !== undefined)
        .map((entry) => tariffOf(entry.record, entry.record.name[locale]));
    },
  };
}

/** The refund window of the account's contract, as the catalog serves it (at most 5 s old). */
export function catalogEsimRefundTerms(reader: CatalogReader): EsimRefundTerms {
  return {
    async refundDays(accountId) {
      return billingTermsOf((await reader.view(accountId)).contract).esimRefundDays;
    },
  };
}
