import type { EventType } from '../events.ts';
import type { EsimChange } from './ports.ts';
import { type ProfileState, profileOf } from './profile.ts';

export interface PackageEvent {
  type: Extract<
    EventType,
    'esim.package.usage_threshold_reached' | 'esim.package.exhausted' | 'esim.package.expired'
  >;
  data: { iccid: string; package_id: string; data_mb: number; used_mb: number };
}

export interface ProfileEvent {
  type: Extract<EventType, 'esim.profile.status_changed'>;
  data: { iccid: string; state: ProfileState; previous_state: ProfileState; eid: string | null };
}

/**
 * The events of a change (docs/esim.md, Events): one per package notice, about the package as it leaves
 * it, and `esim.profile.status_changed` when the change moved the profile's state.
 */
export function esimEvents(change: EsimChange): (PackageEvent | ProfileEvent)[] {
  return [...packageEvents(change), ...profileEvents(change)];
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
