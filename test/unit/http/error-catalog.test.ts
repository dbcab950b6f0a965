import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ConflictCode,
  type ErrorCode,
  errorCatalog,
  errorCodes,
  errorCodesWithStatus,
  type NotFoundCode,
} from '../../../shared/domain/errors.ts';
import { problemSchema } from '../../../shared/schemas/common.ts';

describe('the error catalog', () => {
  it('gives every code an HTTP error status and a title', () => {
    for (const code of errorCodes) {
      const { status, title } = errorCatalog[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(title.length, code).toBeGreaterThan(0);
    }
  });

  it('lists every code once, in catalog order', () => {
    expect(errorCodes).toEqual(Object.keys(errorCatalog));
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });

  it('groups the not-found codes by their 404', () => {
    const notFound: NotFoundCode[] = [
      'ResourceNotFound',
      'BookingNotFound',
      'CatalogResourceNotFound',
      'EsimNotFound',
      'WebhookNotFound',
    ];

    expect(errorCodesWithStatus(404).sort()).toEqual(notFound.sort());
    expectTypeOf<NotFoundCode>().toEqualTypeOf<
      'ResourceNotFound' | 'BookingNotFound' | 'CatalogResourceNotFound' | 'EsimNotFound' | 'WebhookNotFound'
    >();
  });

  it('groups the conflict codes by their 409', () => {
    const conflicts: ConflictCode[] = [
      'IdempotencyConflict',
      'BookingAlreadyConfirmed',
      'BookingAlreadyCanceled',
      'PassNotReady',
      'PassServiceTypeMismatch',
      'WebhookAlreadyExists',
      'WebhookInvalidState',
      'ContractAlreadyExists',
      'CatalogResourceConflict',
      'AmenityResourceConflict',
      'AlreadyCompanyMember',
      'EsimInvalidState',
      'EsimPoolExhausted',
      'EsimTopupUnavailable',
      'EsimResellerAlreadyLinked',
      'EsimRefundUnavailable',
      'WebhookRecoveryInProgress',
      'AccountInvalidState',
      'EmployeeInvalidState',
      'ApplicationInvalidState',
      'CertificateLimitReached',
      'CertificateInvalidState',
      'VenueInvalidState',
      'DeviceInvalidState',
      'PassAlreadyUsed',
      'PassCanceled',
      'PassExpired',
      'PassNotValidHere',
    ];

    expect(errorCodesWithStatus(409).sort()).toEqual(conflicts.sort());
    expectTypeOf<ConflictCode>().toExtend<ErrorCode>();
    expectTypeOf<'ValidationError'>().not.toExtend<ConflictCode>();
  });

  it('is the enum of the problem schema the OpenAPI document publishes', () => {
    expect(problemSchema.shape.code.options).toEqual(errorCodes);
  });
});
