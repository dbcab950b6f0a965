import type { EventType } from '../events.ts';
import type { EsimChange } from './ports.ts';

export interface PackageEvent {
  type: Extract<
    EventType,
    'esim.package.usage_threshold_reached' | 'esim.package.exhausted' | 'esim.package.expired'
  >;
  data: { iccid: string; package_id: string; data_mb: number; used_mb: number };
}

/** The events of a change (docs/esim.md, Events): one per notice, about the package as it leaves it. */
export function esimEvents(change: EsimChange): PackageEvent[] {
  return change.notices.map((notice) => {
    const pkg = change.after.packages.find((candidate) => candidate.packageId === notice.packageId);
    if (!pkg)
      throw new Error(`Notice for package ${notice.packageId}, which eSIM ${change.after.iccid} lacks`);
    return {
      type: notice.type,
      data: {
        iccid: change.after.iccid,
        package_id: pkg.packageId,
        data_mb: pkg.dataMb,
        used_mb: pkg.usedMb,
      },
    };
  });
}
