import type { JWK } from 'jose';
import { es256KeyEntryFields } from '../crypto/es256-key-stored.ts';
import { serviceTypes } from '../domain/booking/model.ts';
import * as z from '../schemas/zod.ts';
import type { PassSigningKeySet } from './pass-signing.ts';

/** The schemas of the pass keys' secrets and of a pass's claims (pass-signing.ts loads them on first use). */
const keySetSchema = z.object({
  keys: z.array(z.object(es256KeyEntryFields())).check(z.minLength(1)),
});

const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

const payloadSchema = z.object({
  sub: z.uuid(),
  bid: z.uuid(),
  svc: z.enum(serviceTypes),
  sid: z.uuid(),
  gst: z.int().check(z.minimum(1)),
  nbf: z.int(),
  exp: z.int(),
});

export function parsePassKeySet(raw: string): PassSigningKeySet {
  return keySetSchema.parse(JSON.parse(raw));
}

export function parsePublishedPassKeys(raw: string): { keys: JWK[] } {
  return jwksSchema.parse(JSON.parse(raw)) as { keys: JWK[] };
}

export function parsePassClaims(payload: unknown): z.output<typeof payloadSchema> {
  return payloadSchema.parse(payload);
}
