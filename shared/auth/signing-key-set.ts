import { es256KeyEntryFields } from '../crypto/es256-key-stored.ts';
import * as z from '../schemas/zod.ts';
import type { SigningKeySet } from './keys.ts';

const signingKeySetSchema: z.ZodMiniType<SigningKeySet> = z.object({
  keys: z
    .array(
      z.object({
        ...es256KeyEntryFields(),
        activates_at: z.optional(z.string()),
        retired_at: z.nullable(z.string()),
      }),
    )
    .check(z.minLength(1)),
});

/** The stored signing key set, checked: read by the token issuers and the key rotation, never by a verifier. */
export function parseSigningKeySet(raw: string): SigningKeySet {
  return signingKeySetSchema.parse(JSON.parse(raw));
}
