import { billingTermsOf, type Contract } from '../../domain/catalog/catalog-stored.ts';
import type { CatalogDiff } from '../../domain/catalog-admin/diff.ts';
import type { StoredImage } from '../../domain/catalog-admin/ports.ts';
import type { DraftSummary, PublicationResult, UploadGrant } from '../../domain/catalog-admin/service.ts';

/**
 * Catalog administration's answers (shared/schemas/catalog-admin.ts). An item's answer is its admin
 * form as the use case returns it (shared/domain/catalog-admin/forms.ts): the form is both what an
 * employee sends and what they read back.
 */
export function catalogImageView(image: StoredImage) {
  return {
    image_id: image.imageId,
    content_type: image.contentType,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    sha256: image.sha256,
  };
}

/** `completeUrl`: where the client reports the upload done. */
export function catalogImageUploadView(grant: UploadGrant, completeUrl: string) {
  return {
    upload_id: grant.uploadId,
    method: 'PUT',
    url: grant.url,
    headers: grant.headers,
    expires_at: grant.expiresAt.toISOString(),
    complete_url: completeUrl,
  };
}

/** The billing terms as they apply, the defaults of those the contract leaves out included. */
export function catalogContractView(accountId: string, contract: Contract) {
  const billing = billingTermsOf(contract);
  return {
    account_id: accountId,
    lounges: contract.lounges,
    fast_tracks: contract.fast_tracks,
    tariffs: contract.tariffs,
    discount_percent: billing.discountPercent,
    billing_basis: billing.billingBasis,
    free_cancellation_hours: billing.freeCancellationHours,
    cancellation_fee_percent: billing.cancellationFeePercent,
    no_show_fee_percent: billing.noShowFeePercent,
    esim_refund_days: billing.esimRefundDays,
    updated_at: contract.updatedAt,
  };
}

export function catalogDraftView(summary: DraftSummary) {
  return {
    published_version: summary.publishedVersion,
    published_at: summary.publishedAt?.toISOString() ?? null,
    revision: summary.revision,
    updated_at: summary.updatedAt,
    has_changes: summary.hasChanges,
    counts: summary.counts,
  };
}

export function catalogDiffView(publishedVersion: string | null, diff: CatalogDiff) {
  return {
    published_version: publishedVersion,
    has_changes: diff.hasChanges,
    added: diff.added,
    changed: diff.changed,
    deactivated: diff.deactivated,
    removed: diff.removed,
  };
}

export function catalogPublicationView(publication: PublicationResult) {
  return {
    version: publication.version,
    published_at: publication.publishedAt.toISOString(),
    changed: publication.changed,
    previous_version: publication.previousVersion ?? null,
    items: {
      added: publication.diff.added.length,
      changed: publication.diff.changed.length,
      deactivated: publication.diff.deactivated.length,
      removed: publication.diff.removed.length,
    },
  };
}
