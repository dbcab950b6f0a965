import type { UnitOfWork } from '../unit-of-work.ts';
import type { Esim } from './model.ts';
import type { EsimStore } from './ports.ts';

/**
 * The profile on the traveller's phone, as the SM-DP+ reports it over GSMA SGP.22 ES2+
 * `HandleDownloadProgressInfo` (docs/esim.md, Profile state). `Released` is the state of an issued
 * eSIM that no notification has reached yet: the profile waits at the SM-DP+ for its download.
 */
/** The states a notification of the SM-DP+ can report. */
export const reportedStates = ['Downloaded', 'Installed', 'Enabled', 'Disabled', 'Deleted'] as const;
export type ReportedState = (typeof reportedStates)[number];
export const profileStates = ['Released', ...reportedStates] as const;
export type ProfileState = (typeof profileStates)[number];

export interface EsimProfile {
  state: ProfileState;
  /** The eUICC the profile went to (32 digits), once the SM-DP+ named it. */
  eid: string | null;
  updatedAt: string;
  /**
   * The ES2+ function call identifiers already applied, newest last (at most `rememberedCalls`): a
   * replayed notification changes nothing and is answered as the first was.
   */
  calls: readonly string[];
}

/** Notifications per eSIM are few (one per step of the profile's life); this bounds the item. */
export const rememberedCalls = 20;

/**
 * SGP.22 notification points and the state each reports on success. 1 (eligibility and retry limit
 * check) and 2 (confirmation failure) tell nothing about the phone; 3 and 4 are the download and
 * installation of the Bound Profile Package; 5 to 7 are the eUICC's other notifications (enable,
 * disable, delete) the SM-DP+ forwards. Kept in one table so a supplier's numbering is one edit.
 */
export const notificationPointStates: Readonly<Record<number, ReportedState>> = {
  3: 'Downloaded',
  4: 'Installed',
  5: 'Enabled',
  6: 'Disabled',
  7: 'Deleted',
};

/** The notification point that reports a state: what the local simulated SM-DP+ sends. */
export function notificationPointOf(state: ReportedState): number {
  const entry = Object.entries(notificationPointStates).find(([, reported]) => reported === state);
  if (!entry) throw new Error(`No notification point reports ${state}`);
  return Number(entry[0]);
}

/**
 * How far along its life a state is: a notification that arrives late (a download after the
 * installation) is stale and moves nothing back. Enabled and Disabled follow each other freely;
 * Deleted is final.
 */
const progress: Record<ProfileState, number> = {
  Released: 0,
  Downloaded: 1,
  Installed: 2,
  Enabled: 3,
  Disabled: 3,
  Deleted: 4,
};

/** The profile of an eSIM: what the SM-DP+ reported, or Released since issue when nothing yet. */
export function profileOf(esim: Esim): EsimProfile {
  return esim.profile ?? { state: 'Released', eid: null, updatedAt: esim.createdAt, calls: [] };
}

/** A profile once downloaded makes the eSIM non-refundable (decisions.md, eSIM lifecycle). */
export const wasDownloaded = (esim: Esim): boolean => profileOf(esim).state !== 'Released';

export interface ProfileNotification {
  functionCallIdentifier: string;
  notificationPointId: number;
  /** `Executed-Success`, `Failed`, ... (SGP.22 FunctionExecutionStatus). */
  status: string;
  eid: string | undefined;
  now: Date;
}

/** The state a notification moves the profile to, or undefined when it moves nothing. */
export function reportedState(
  current: ProfileState,
  notification: ProfileNotification,
): ProfileState | undefined {
  if (notification.status !== 'Executed-Success') return undefined;
  const reported = notificationPointStates[notification.notificationPointId];
  if (reported === undefined || reported === current) return undefined;
  if (current === 'Deleted' || progress[reported] < progress[current]) return undefined;
  return reported;
}

/**
 * Applies one ES2+ notification to the eSIM (primary course: a new call identifier whose point reports
 * a later state changes `profile` and stages `esim.profile.status_changed` with the change). A call
 * identifier already applied changes nothing; a notification that reports nothing new only records
 * its identifier. Staged on the version read: a racing twin is run again and then finds it applied.
 */
export function applyProfileNotification(
  deps: { esims: EsimStore; uow: UnitOfWork },
  esim: Esim,
  notification: ProfileNotification,
): Esim {
  const profile = profileOf(esim);
  if (profile.calls.includes(notification.functionCallIdentifier)) return esim;
  const state = reportedState(profile.state, notification) ?? profile.state;
  const at = notification.now.toISOString();
  const changed = state !== profile.state;
  const after: Esim = {
    ...esim,
    profile: {
      state,
      eid: notification.eid ?? profile.eid,
      updatedAt: changed ? at : profile.updatedAt,
      calls: [...profile.calls, notification.functionCallIdentifier].slice(-rememberedCalls),
    },
    version: esim.version + 1,
    updatedAt: changed ? at : esim.updatedAt,
  };
  deps.uow.stage(...deps.esims.writes({ before: esim, after, notices: [], now: notification.now }));
  return after;
}
