import { defaultLocale, negotiateLocale } from '../catalog/locale.ts';
import type { CatalogView, RecentCatalogReader } from '../catalog/ports.ts';
import type { TariffRecord } from '../catalog/records.ts';
import { contractedRecord } from '../catalog/service.ts';
import type { Tariff } from './model.ts';
import type { EsimTariffs } from './ports.ts';

/**
 * How old a view of the catalog an order or top-up may trust: as for bookings, a contract change
 * reaches eSIM ordering within this window, and only a yes is taken from it (a no reads afresh).
 */
export const esimCatalogMaxAgeMs = 30_000;

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

/** The eSIM's view of the catalog: what the account sees (active, in its contract) is what it may order. */
export function catalogEsimTariffs(reader: RecentCatalogReader): EsimTariffs {
  return {
    async find(accountId, tariffId) {
      const recent = reader.recentView(accountId, esimCatalogMaxAgeMs);
      const record =
        (recent && contracted(recent, tariffId)) ?? contracted(await reader.view(accountId), tariffId);
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
