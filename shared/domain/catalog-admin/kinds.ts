import type {
  AmenityForm,
  FastTrackForm,
  HubForm,
  LoungeForm,
  TariffForm,
} from '../../schemas/catalog-admin.ts';
import type {
  AmenityRecord,
  FastTrackRecord,
  HubRecord,
  LoungeRecord,
  TariffRecord,
} from '../catalog/catalog-stored.ts';
import type { RecordKind } from '../catalog/stamps.ts';

export type { RecordKind };

/** The stored record of each kind (shared/domain/catalog/catalog-stored.ts). */
export interface RecordOf {
  hubs: HubRecord;
  amenities: AmenityRecord;
  lounges: LoungeRecord;
  fast_tracks: FastTrackRecord;
  tariffs: TariffRecord;
}

/** The admin form of each kind, as POST and PUT take it (shared/schemas/catalog-admin.ts). */
export interface FormOf {
  hubs: HubForm;
  amenities: AmenityForm;
  lounges: LoungeForm;
  fast_tracks: FastTrackForm;
  tariffs: TariffForm;
}

/** A form as read back: items saved before prices existed have none (docs/billing.md). */
type AsRead<F> = F extends { prices: infer P } ? Omit<F, 'prices'> & { prices?: P } : F;

/** The form as reads answer it: with its id. */
export type ItemOf<K extends RecordKind> = AsRead<FormOf[K]> & { id: string };

/** The record type of a kind in audit targets and diffs. */
export const recordTypes = {
  hubs: 'hub',
  amenities: 'amenity',
  lounges: 'lounge',
  fast_tracks: 'fast_track',
  tariffs: 'tariff',
} as const satisfies Record<RecordKind, string>;
export type RecordType = (typeof recordTypes)[RecordKind];

/** How messages name one item of a kind. */
export const kindLabels: Record<RecordKind, string> = {
  hubs: 'hub',
  amenities: 'amenity',
  lounges: 'lounge',
  fast_tracks: 'fast-track',
  tariffs: 'eSIM tariff',
};
