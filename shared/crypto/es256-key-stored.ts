import * as z from '../schemas/zod.ts';

/**
 * The fields of an `Es256KeyEntry` (es256-key.ts), for a key set's schema (called inside its
 * `builtOnce`). Apart from the entry itself: a module that only creates or publishes keys loads no zod.
 */
export const es256KeyEntryFields = () => ({
  kid: z.string(),
  key_ref: z.optional(z.string()),
  private_jwk: z.optional(z.record(z.string(), z.unknown())),
  public_jwk: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
