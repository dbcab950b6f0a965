import type { EventType } from '../events.ts';
import type { EsimChange } from './ports.ts';

type UsageData = {
  iccid: string;
  package_id: string;
  data_mb: number;
  used_mb: number;
};

export type PackageEvent =
  | {
      type: Extract<EventType, 'esim.package.exhausted' | 'esim.package.expired'>;
      data: UsageData;
    }
  | {
      type: Extract<EventType, 'esim.package.usage_threshold_reached'>;
      data: UsageData & { threshold: number };
    }
  | {
      type: Extract<EventType, 'esim.package.expiring'>;
      data: { iccid: string; package_id: string; expires_at: string; days_left: number };
    };

export interface StatusEvent {
  type: Extract<EventType, 'esim.status.changed'>;
  data: { iccid: string; status: string; previous_status: string };
}

/**
 * The events of a change (docs/esim.md, Events): one per notice, about the package as it leaves it,
 * then the eSIM's status change when it is a suspend, resume or refund.
 */
export function esimEvents(change: EsimChange): (PackageEvent | StatusEvent)[] {
  const status: StatusEvent[] = change.statusChange
    ? [
        {
          type: 'esim.status.changed',
          data: {
            iccid: change.after.iccid,
            status: change.statusChange.status,
            previous_status: change.statusChange.previousStatus,
          },
        },
      ]
    : [];
  return [...packageEvents(change), ...status];
}

function packageEvents(change: EsimChange): PackageEvent[] {
  return change.notices.map((notice): PackageEvent => {
    const pkg = change.after.packages.find((candidate) => candidate.packageId === notice.packageId);
    if (!pkg)
      throw new Error(`Notice for package ${notice.packageId}, which eSIM ${change.after.iccid} lacks`);
    const about = { iccid: change.after.iccid, package_id: pkg.packageId };
    const usage = { ...about, data_mb: pkg.dataMb, used_mb: pkg.usedMb };
    switch (notice.type) {
      case 'esim.package.usage_threshold_reached':
        return { type: notice.type, data: { ...usage, threshold: notice.threshold } };
      case 'esim.package.expiring':
        return {
          type: notice.type,
          data: { ...about, expires_at: pkg.expiresAt, days_left: notice.daysLeft },
        };
      default:
        return { type: notice.type, data: usage };
    }
  });
}
