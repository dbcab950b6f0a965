import { createHash, createPublicKey, type JsonWebKey } from 'node:crypto';
import {
  CreateKeyCommand,
  GetPublicKeyCommand,
  KMSClient,
  KMSInvalidStateException,
  NotFoundException,
  ScheduleKeyDeletionCommand,
  SignCommand,
} from '@aws-sdk/client-kms';
import { p1363FromDer } from '../crypto/ecdsa-signature.ts';
import type { Es256Signer } from '../crypto/jws.ts';
import type { SigningKeyPurpose, SigningKeyVault } from '../crypto/signing-key-vault.ts';

/** The tags IAM conditions name (infra/constructs/api-function.ts, `bindSigningKeys`). */
export const kmsKeyTags = { purpose: 'purpose', stage: 'stage' } as const;

/** KMS's minimum: a key scheduled for deletion can still be cancelled for a week (docs/operations.md). */
export const deletionWindowDays = 7;

/**
 * ES256 keys in KMS (ECC_NIST_P256, SIGN_VERIFY): the private key never leaves KMS. A signature is one
 * Sign call over the SHA-256 digest computed here (MessageType DIGEST: nothing but 32 bytes leaves the
 * function, and no 4096-byte limit as for RAW), answered in DER and turned into the JWS form.
 */
export class KmsSigningKeys implements SigningKeyVault {
  constructor(
    private readonly client: KMSClient,
    private readonly stage: string,
  ) {}

  static forStage(region: string, stage: string): KmsSigningKeys {
    return new KmsSigningKeys(new KMSClient({ region }), stage);
  }

  async create(purpose: SigningKeyPurpose, kid: string): Promise<{ keyRef: string; publicJwk: JsonWebKey }> {
    const created = await this.client.send(
      new CreateKeyCommand({
        KeySpec: 'ECC_NIST_P256',
        KeyUsage: 'SIGN_VERIFY',
        Description: `partner-travel ${this.stage} ${purpose} signing key ${kid}`,
        Tags: [
          { TagKey: kmsKeyTags.purpose, TagValue: purpose },
          { TagKey: kmsKeyTags.stage, TagValue: this.stage },
          { TagKey: 'kid', TagValue: kid },
        ],
      }),
    );
    const keyRef = created.KeyMetadata?.Arn;
    if (!keyRef) throw new Error('KMS created a key without naming its ARN');
    const { PublicKey } = await this.client.send(new GetPublicKeyCommand({ KeyId: keyRef }));
    if (!PublicKey) throw new Error(`KMS answered no public key for ${keyRef}`);
    const publicJwk = createPublicKey({ key: Buffer.from(PublicKey), format: 'der', type: 'spki' }).export({
      format: 'jwk',
    });
    return { keyRef, publicJwk };
  }

  signer(keyRef: string, kid: string): Es256Signer {
    return {
      kid,
      sign: async (signingInput) => {
        const { Signature } = await this.client.send(
          new SignCommand({
            KeyId: keyRef,
            Message: createHash('sha256').update(signingInput).digest(),
            MessageType: 'DIGEST',
            SigningAlgorithm: 'ECDSA_SHA_256',
          }),
        );
        if (!Signature) throw new Error(`KMS answered no signature with ${keyRef}`);
        return p1363FromDer(Signature);
      },
    };
  }

  /**
   * Idempotent: a key already pending deletion (an earlier run, or an operator) or already gone is
   * retired, so a rotation never fails over a key the set no longer names.
   */
  async retire(keyRef: string): Promise<void> {
    try {
      await this.client.send(
        new ScheduleKeyDeletionCommand({ KeyId: keyRef, PendingWindowInDays: deletionWindowDays }),
      );
    } catch (error) {
      if (!(error instanceof KMSInvalidStateException || error instanceof NotFoundException)) throw error;
    }
  }
}
