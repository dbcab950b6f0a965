import { describe, expect, it } from 'vitest';
import { catalogAdminRoutes } from '../../../shared/routes/catalog-admin.ts';
import { filledPath } from '../../../shared/routes/types.ts';

describe('a filled route path', () => {
  it('puts each parameter in its place, encoded', () => {
    expect(filledPath(catalogAdminRoutes.getAccountContract.path, { accountID: 'a b/c' })).toBe(
      '/api/v1/admin/accounts/a%20b%2Fc/contract',
    );
    expect(filledPath(catalogAdminRoutes.completeCatalogImageUpload.path, { uploadID: 'u-1' })).toBe(
      '/api/v1/admin/catalog/images/uploads/u-1/complete',
    );
  });

  it('refuses a path whose parameter has no value', () => {
    expect(() => filledPath('/v2/b2b/webhooks/{webhookID}', {})).toThrow('No value for {webhookID}');
  });
});
