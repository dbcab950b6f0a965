import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../shared/domain/booking/model.ts';
import {
  type ApplePassContent,
  applePass,
  applePassContent,
  type GoogleGenericObject,
  googleGenericObject,
  googleWalletUrl,
  type ServiceNames,
} from '../../../shared/domain/booking/wallet.ts';
import { ApiError } from '../../../shared/domain/errors.ts';
import { aBooking, accountId, anIssuedBooking, aPass, now } from './fixtures.ts';

const identifiers = {
  passTypeIdentifier: 'pass.com.example.test',
  teamIdentifier: 'A1B2C3D4E5',
  googleIssuerId: '3388000000000000000',
};
const loungeName = { 'en-US': 'Aspire Lounge', 'ru-RU': 'Бизнес-зал Aspire' };
const names: ServiceNames = { nameOf: async () => loungeName };

interface Generic {
  headerFields: { value: unknown }[];
  primaryFields: { label: string; value: unknown }[];
  secondaryFields: { key: string; value: unknown }[];
}

describe('the Apple Wallet content of a pass', () => {
  it('carries the identifiers, the pass id as serial number and the QR payload as barcode while Active', () => {
    const content = applePassContent(aPass(), loungeName, identifiers);

    expect(content.passJson).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.com.example.test',
      teamIdentifier: 'A1B2C3D4E5',
      serialNumber: aPass().passId,
      expirationDate: aPass().validUntil,
      voided: false,
    });
    expect(content.barcode).toBe(aPass().token);
  });

  it('shows the venue, the guests and the validity on the front', () => {
    const generic = applePassContent(aPass(), loungeName, identifiers).passJson.generic as Generic;

    expect(generic.primaryFields[0]?.value).toBe('service_name');
    expect(generic.secondaryFields.map((field) => [field.key, field.value])).toEqual([
      ['guests', 2],
      ['valid_until', aPass().validUntil],
    ]);
  });

  it('says it in English and in Russian, the venue by its catalog name', () => {
    const { strings } = applePassContent(aPass(), loungeName, identifiers);

    expect(strings.en).toMatchObject({
      service_name: 'Aspire Lounge',
      guests_label: 'Guests',
      status_Active: 'Valid',
    });
    expect(strings.ru).toMatchObject({
      service_name: 'Бизнес-зал Aspire',
      guests_label: 'Гости',
      status_Active: 'Действует',
    });
    expect(Object.keys(strings.ru).sort()).toEqual(Object.keys(strings.en).sort());
  });

  it('names the kind of service when the catalog no longer has the venue', () => {
    const content = applePassContent(aPass({ serviceType: 'FastTrack' }), undefined, identifiers);

    expect((content.passJson.generic as Generic).primaryFields[0]?.value).toBe('service_label_FastTrack');
    expect(content.strings.en).not.toHaveProperty('service_name');
  });

  it.each([
    ['Canceled', null],
    ['Expired', null],
    ['Used', 'header.payload.signature'],
  ] as const)(
    'is voided once %s, shows that status, and keeps the code only if it was used',
    (status, barcode) => {
      const content: ApplePassContent = applePassContent(aPass({ status }), loungeName, identifiers);

      expect(content.passJson.voided).toBe(true);
      expect((content.passJson.generic as Generic).headerFields[0]?.value).toBe(`status_${status}`);
      expect(content.strings.en[`status_${status}`]).toBeDefined();
      expect(content.strings.ru[`status_${status}`]).toBeDefined();
      expect(content.barcode).toBe(barcode);
    },
  );
});

describe('the pkpass use case', () => {
  const storeWith = (booking: Booking) => ({ find: async () => booking });
  const signer = {
    pkpass: async (content: ApplePassContent) => new TextEncoder().encode(JSON.stringify(content)),
  };
  const context = {
    accountId,
    serviceType: 'Lounge' as const,
    now,
    actor: { type: 'application' as const, id: 'app' },
  };

  it('signs the content of a confirmed booking’s pass', async () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });

    const bytes = await applePass(
      { store: storeWith(booking), names, signer, identifiers },
      context,
      booking.bookingId,
    );

    const signed = JSON.parse(new TextDecoder().decode(bytes)) as ApplePassContent;
    expect(signed.passJson.serialNumber).toBe(booking.passId);
    expect(signed.strings.en.service_name).toBe('Aspire Lounge');
  });

  it.each([
    ['an issued, unconfirmed booking', anIssuedBooking()],
    ['a booking still processing', aBooking()],
  ])('answers 409 PassNotReady for %s', async (_case, booking) => {
    const refusal = applePass(
      { store: storeWith(booking), names, signer, identifiers },
      context,
      booking.bookingId,
    );

    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ code: 'PassNotReady' });
  });
});

describe('the Google Wallet save link', () => {
  const links = {
    saveUrl: async (object: GoogleGenericObject) => `https://pay.google.com/gp/v/save/${object.id}`,
  };

  it('is a generic object of the issuer with the QR payload and the validity', () => {
    const object = googleGenericObject(aPass(), identifiers.googleIssuerId);

    expect(object).toMatchObject({
      id: `3388000000000000000.${aPass().passId}`,
      classId: '3388000000000000000.lounge_pass',
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: aPass().token },
      validTimeInterval: { start: { date: aPass().validFrom }, end: { date: aPass().validUntil } },
    });
    expect(object.header.translatedValues).toEqual([{ language: 'ru-RU', value: 'Бизнес-зал' }]);
  });

  it('exists while the pass is Active', async () => {
    expect(await googleWalletUrl({ links, identifiers }, aPass())).toMatch(
      /^https:\/\/pay\.google\.com\/gp\/v\/save\//,
    );
  });

  it.each(['Issued', 'Used', 'Canceled', 'Expired'] as const)(
    'is null while the pass is %s',
    async (status) => {
      expect(await googleWalletUrl({ links, identifiers }, aPass({ status }))).toBeNull();
    },
  );
});
