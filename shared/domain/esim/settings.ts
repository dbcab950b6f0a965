import type { UnitOfWork } from '../unit-of-work.ts';
import { defaultUsageThresholds, type EsimSettings } from './model.ts';
import type { EsimSettingsStore } from './ports.ts';

/** The account's eSIM settings; the defaults (`[80]`) while it has set none. */
export async function esimSettings(store: EsimSettingsStore, accountId: string): Promise<EsimSettings> {
  return (await store.find(accountId)) ?? { usageThresholds: defaultUsageThresholds, updatedAt: null };
}

/**
 * Replaces the account's usage thresholds (the request schema checked them: 1 to 99, distinct, at most
 * five), kept ascending. They apply to usage reported from now on, packages already running included.
 */
export function changeEsimSettings(
  deps: { settings: EsimSettingsStore; uow: UnitOfWork },
  context: { accountId: string; now: Date },
  usageThresholds: readonly number[],
): EsimSettings {
  const settings = {
    usageThresholds: [...usageThresholds].sort((a, b) => a - b),
    updatedAt: context.now.toISOString(),
  };
  deps.uow.stage(deps.settings.putWrite(context.accountId, settings));
  return settings;
}
