import type { EventType } from '../events.ts';
import type { EsimChange } from './ports.ts';
import { type ProfileState, profileOf } from './profile.ts';

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

export interface ProfileEvent {
  type: Extract<EventType, 'esim.profile.status_changed'>;
  data: { iccid: string; state: ProfileState; previous_state: ProfileState; eid: string | null };
}

/**
 * The events of a change (docs/esim.md, Events): one per package notice, about the package as it leaves
 * it; `esim.profile.status_changed` when the change moved the profile's state; then the eSIM's status
 * change when it is a suspend, resume or refund.
 */
export function esimEvents(change: EsimChange): (PackageEvent | ProfileEvent | StatusEvent)[] {
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
  return [...packageEvents(change), ...profileEvents(change), ...status];
}

function profileEvents({ before, after }: EsimChange): ProfileEvent[] {
  if (!before || !after.profile) return [];
  const previous = profileOf(before);
  if (previous.state === after.profile.state) return [];
  return [
    {
      type: 'esim.profile.status_changed',
      data: {
        iccid: after.iccid,
        state: after.profile.state,
        previous_state: previous.state,
        eid: after.profile.eid,
      },
    },
  ];
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
