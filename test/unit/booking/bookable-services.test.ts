import { describe, expect, it } from 'vitest';
import { catalogBookableServices } from '../../../shared/domain/booking/bookable-services.ts';
import type { Contract } from '../../../shared/domain/catalog/catalog-stored.ts';
import type { CatalogReader } from '../../../shared/domain/catalog/ports.ts';
import { everything, id, records, view } from '../catalog/fixture.ts';

const readerOf = (contract: Contract, catalog = records()): CatalogReader => ({
  view: async () => view(contract, { records: catalog }),
});

describe("booking's view of the catalog", () => {
  it("prices a service at the account's net prices and hands over the contract's charge terms", async () => {
    const contract: Contract = {
      ...everything,
      discount_percent: 12.5,
      billing_basis: 'per_pass',
      free_cancellation_hours: 48,
    };

    const service = await catalogBookableServices(readerOf(contract)).find('account', 'Lounge', id(1));

    expect(service?.unitPrices).toEqual({
      currency: 'RUB',
      adult: '3937.50',
      child: '1968.75',
      infant: '0.00',
    });
    expect(service?.chargeTerms).toEqual({
      billingBasis: 'per_pass',
      freeCancellationHours: 48,
      cancellationFeePercent: 100,
      noShowFeePercent: 0,
    });
  });

  it('has no unit prices for a service saved before prices existed', async () => {
    const catalog = records();
    catalog.fast_tracks = catalog.fast_tracks.map(({ prices: _none, ...fastTrack }) => fastTrack);

    const service = await catalogBookableServices(readerOf(everything, catalog)).find(
      'account',
      'FastTrack',
      id(11),
    );

    expect(service).toBeDefined();
    expect(service?.unitPrices).toBeUndefined();
  });
});
