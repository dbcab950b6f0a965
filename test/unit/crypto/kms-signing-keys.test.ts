import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import {
  CreateKeyCommand,
  GetPublicKeyCommand,
  KMSClient,
  KMSInvalidStateException,
  NotFoundException,
  ScheduleKeyDeletionCommand,
  SignCommand,
} from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { KmsSigningKeys } from '../../../shared/aws/kms-signing-keys.ts';

const kms = mockClient(KMSClient);
const keyArn = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const vault = () => new KmsSigningKeys(new KMSClient({ region: 'eu-west-1' }), 'stage');

afterEach(() => kms.reset());

describe('the KMS signing keys', () => {
  it('create a P-256 signing key tagged with its purpose, stage and kid, and answer its public key as a JWK', async () => {
    kms.on(CreateKeyCommand).resolves({ KeyMetadata: { KeyId: 'k', Arn: keyArn } });
    kms.on(GetPublicKeyCommand).resolves({ PublicKey: publicKey.export({ format: 'der', type: 'spki' }) });

    const created = await vault().create('access-token', '2030-01-01-abcd1234');

    expect(kms.commandCalls(CreateKeyCommand)[0]?.args[0].input).toEqual({
      KeySpec: 'ECC_NIST_P256',
      KeyUsage: 'SIGN_VERIFY',
      Description: 'partner-travel stage access-token signing key 2030-01-01-abcd1234',
      Tags: [
        { TagKey: 'purpose', TagValue: 'access-token' },
        { TagKey: 'stage', TagValue: 'stage' },
        { TagKey: 'kid', TagValue: '2030-01-01-abcd1234' },
      ],
    });
    expect(kms.commandCalls(GetPublicKeyCommand)[0]?.args[0].input).toEqual({ KeyId: keyArn });
    expect(created).toEqual({ keyRef: keyArn, publicJwk: publicKey.export({ format: 'jwk' }) });
  });

  it('sign the SHA-256 digest of the input with ECDSA_SHA_256 and answer the JWS form of the DER signature', async () => {
    const input = Buffer.from('header.payload');
    // KMS signs the digest it is given as that hash, in DER: the same as signing the input with SHA-256.
    kms.on(SignCommand).resolves({ Signature: sign('sha256', input, privateKey) });

    const signature = await vault().signer(keyArn, 'kid-1').sign(input);

    expect(kms.commandCalls(SignCommand)[0]?.args[0].input).toEqual({
      KeyId: keyArn,
      Message: createHash('sha256').update(input).digest(),
      MessageType: 'DIGEST',
      SigningAlgorithm: 'ECDSA_SHA_256',
    });
    expect(signature).toHaveLength(64);
    expect(verify('sha256', input, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
  });

  it('schedule a retired key’s deletion with the shortest window KMS allows', async () => {
    kms.on(ScheduleKeyDeletionCommand).resolves({});

    await vault().retire(keyArn);

    expect(kms.commandCalls(ScheduleKeyDeletionCommand)[0]?.args[0].input).toEqual({
      KeyId: keyArn,
      PendingWindowInDays: 7,
    });
  });

  it('count a key already pending deletion or gone as retired, and fail on any other refusal', async () => {
    const meta = { $metadata: {}, message: 'x' };
    kms
      .on(ScheduleKeyDeletionCommand)
      .rejectsOnce(new KMSInvalidStateException(meta))
      .rejectsOnce(new NotFoundException(meta))
      .rejectsOnce(new Error('AccessDenied'));

    await vault().retire(keyArn);
    await vault().retire(keyArn);

    await expect(vault().retire(keyArn)).rejects.toThrow('AccessDenied');
  });

  it('fail loudly when KMS answers no signature', async () => {
    kms.on(SignCommand).resolves({});

    await expect(vault().signer(keyArn, 'kid-1').sign(Buffer.from('x'))).rejects.toThrow(/no signature/);
  });
});
