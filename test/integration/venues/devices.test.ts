import { describe, expect, it } from 'vitest';
import { request } from '../../support/api.ts';
import { asOperator } from '../admin/operator.ts';
import { type DeviceBody, deviceKeys, enrollmentCode, newVenue, registerDevice } from './support.ts';

/* Enrolling scanners on venue_url (no client certificate) and managing them as an operator. */

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

const refusal = (response: { status: number; body: Record<string, unknown> }) => [
  response.status,
  response.body.code,
];

describe('device registration on venue_url', () => {
  it('enrolls a device with a fresh code and its public key, once', async () => {
    const venue = await newVenue();
    const code = await enrollmentCode(venue.venue_id);
    const { publicJwk } = deviceKeys();

    const enrolled = await registerDevice({
      enrollment_code: code,
      name: 'Door tablet',
      public_jwk: publicJwk,
    });
    const again = await registerDevice({
      enrollment_code: code,
      name: 'Second',
      public_jwk: deviceKeys().publicJwk,
    });

    expect(enrolled.status).toBe(201);
    expect(enrolled.body).toEqual({
      device_id: expect.any(String),
      venue_id: venue.venue_id,
      name: 'Door tablet',
      status: 'Active',
    });
    expect(refusal(again)).toEqual([422, 'EnrollmentCodeInvalid']);
    expect((again.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe(
      'body.enrollment_code',
    );

    const devices = await asOperator<Page<DeviceBody & { jwk_thumbprint: string }>>(
      'GET',
      `/v2/admin/venues/${venue.venue_id}/devices`,
    );
    expect(devices.body.data.map((device) => device.device_id)).toEqual([enrolled.body.device_id]);
  });

  it('enrolls exactly one device when one code is used ten times at once', async () => {
    const venue = await newVenue();
    const code = await enrollmentCode(venue.venue_id);

    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        registerDevice({
          enrollment_code: code,
          name: `Tablet ${index}`,
          public_jwk: deviceKeys().publicJwk,
        }),
      ),
    );

    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(1);
    for (const attempt of attempts.filter((candidate) => candidate.status !== 201))
      expect(refusal(attempt)).toEqual([422, 'EnrollmentCodeInvalid']);
  });

  it('refuses a JWK that carries a private key with 422, and spends no code', async () => {
    const venue = await newVenue();
    const code = await enrollmentCode(venue.venue_id);
    const { privateKey } = deviceKeys();
    const privateJwk = privateKey.export({ format: 'jwk' });

    const refused = await registerDevice({ enrollment_code: code, name: 'T', public_jwk: privateJwk });
    const afterwards = await registerDevice({
      enrollment_code: code,
      name: 'T',
      public_jwk: deviceKeys().publicJwk,
    });

    expect(refusal(refused)).toEqual([422, 'ValidationError']);
    expect(JSON.stringify(refused.body.details)).toContain('body.public_jwk');
    expect(afterwards.status).toBe(201);
  });

  it('refuses an unknown code, and a code of a venue disabled since, with their codes', async () => {
    const venue = await newVenue();
    const code = await enrollmentCode(venue.venue_id);
    await asOperator('POST', `/v2/admin/venues/${venue.venue_id}/disable`);

    const disabled = await registerDevice({
      enrollment_code: code,
      name: 'T',
      public_jwk: deviceKeys().publicJwk,
    });
    const unknown = await registerDevice({
      enrollment_code: 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ',
      name: 'T',
      public_jwk: deviceKeys().publicJwk,
    });

    expect(refusal(disabled)).toEqual([409, 'VenueInvalidState']);
    expect(refusal(unknown)).toEqual([422, 'EnrollmentCodeInvalid']);
  });

  it('disables a device once through the admin API', async () => {
    const venue = await newVenue();
    const enrolled = await registerDevice({
      enrollment_code: await enrollmentCode(venue.venue_id),
      name: 'T',
      public_jwk: deviceKeys().publicJwk,
    });
    const path = `/v2/admin/venues/${venue.venue_id}/devices/${enrolled.body.device_id}/disable`;

    const disabled = await asOperator<DeviceBody>('POST', path);
    const again = await asOperator('POST', path);

    expect([disabled.status, disabled.body.status]).toEqual([200, 'Disabled']);
    expect(refusal(again)).toEqual([409, 'DeviceInvalidState']);
  });

  it('serves device registration on venue_url only: base_url answers 404', async () => {
    const onApi = await request('POST', '/v2/venue/devices', { cert: 0, body: {} });
    expect(refusal(onApi)).toEqual([404, 'ResourceNotFound']);
  });
});
