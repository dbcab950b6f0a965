import type { CatalogRecords, ContractTerms } from '../../domain/catalog/catalog-stored.ts';
import { schemaParser } from '../../schemas/compiled.ts';

const records = () => import('../../domain/catalog/catalog-stored.ts');

/**
 * The catalog's stored records and contract terms, checked as they are read. In a function's bundle
 * this module is generated with their compiled parsers (infra/constructs/compiled-routes.ts): reading
 * the catalog loads no zod unless a stored record breaks its schema.
 */
export const catalogRecordsParser = schemaParser<CatalogRecords>(
  async () => (await records()).catalogRecords,
);
export const contractTermsParser = schemaParser<ContractTerms>(async () => (await records()).contractTerms);
