import { CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { type CfnSecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { auditTable, idempotencyTable, mainTable } from '../../shared/db/tables.ts';
import { ServiceTable } from '../constructs/service-table.ts';
import type { SecretName, TableName } from '../functions.ts';
import type { StageConfig } from '../stage-config.ts';

export interface StatefulStackProps extends StackProps {
  config: StageConfig;
}

/** How each secret gets its value. */
const secretOrigins: Record<
  SecretName,
  { origin: 'empty' | 'generated'; description: string; rotation?: string }
> = {
  signingKeys: {
    origin: 'empty',
    description: 'ES256 signing key set (private). Written by the key-rotation function only.',
  },
  jwks: {
    origin: 'empty',
    description: 'Public JWKS of the signing keys. Written by the key-rotation function.',
  },
  partnerCa: {
    origin: 'empty',
    description: 'Partner CA {certificate_pem, private_key_pem}; loaded by an operator (docs/deploy.md).',
  },
  clientSecretPepper: {
    origin: 'generated',
    description: 'Key of the keyed hash of client secrets. Changing it invalidates every client secret.',
  },
  webhookEncryptionKey: {
    origin: 'generated',
    description: 'AES-256 key that encrypts webhook signing secrets at rest.',
  },
  idempotencyEncryptionKey: {
    origin: 'generated',
    description: 'Key material that seals stored idempotent responses (they can hold a secret shown once).',
  },
  usageKeySecret: {
    origin: 'generated',
    description:
      'Key the hidden API key value of each account is derived from (docs/quotas.md). Changing it means re-creating every key.',
  },
  passSigningKeys: {
    origin: 'empty',
    description: 'ES256 key set that signs pass QR payloads; provisioned by an operator (docs/deploy.md).',
  },
  idpClientSecret: {
    origin: 'empty',
    description:
      "This service's client secret at the stage's identity provider (employee login); written by an operator.",
  },
  loginStateKey: {
    origin: 'generated',
    description: 'HS256 key (256 bits) that signs the employee login state sent to the identity provider.',
    rotation:
      'Rotated by an operator procedure that keeps the previous key verifying for 10 minutes (docs/deploy.md).',
  },
};

/**
 * What must survive every deploy: tables, secrets and the mTLS truststore. Rarely changed; the API
 * stack deploys often and only references these.
 */
export class StatefulStack extends Stack {
  static readonly truststoreKey = 'truststore.pem';
  readonly mainTable: ServiceTable;
  readonly idempotencyTable: ServiceTable;
  readonly auditTable: ServiceTable;
  readonly tables: Record<TableName, ServiceTable>;
  readonly secrets: Record<SecretName, Secret>;
  readonly truststore: Bucket;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { removalPolicy, deletionProtection } = props.config;

    this.mainTable = new ServiceTable(this, 'MainTable', {
      shape: mainTable,
      removalPolicy,
      deletionProtection,
    });
    this.idempotencyTable = new ServiceTable(this, 'IdempotencyTable', {
      shape: idempotencyTable,
      removalPolicy,
      deletionProtection,
    });
    this.auditTable = new ServiceTable(this, 'AuditTable', {
      shape: auditTable,
      removalPolicy,
      deletionProtection,
    });
    this.tables = { main: this.mainTable, idempotency: this.idempotencyTable, audit: this.auditTable };

    const secrets: Partial<Record<SecretName, Secret>> = {};
    for (const [name, { origin, description, rotation }] of Object.entries(secretOrigins) as [
      SecretName,
      (typeof secretOrigins)[SecretName],
    ][]) {
      const secret = new Secret(this, pascalCase(name), {
        description,
        removalPolicy,
        // 64 lower-case hex digits: 256 random bits, usable as a key without decoding ambiguity.
        generateSecretString: {
          passwordLength: 64,
          excludePunctuation: true,
          excludeUppercase: true,
          excludeCharacters: 'ghijklmnopqrstuvwxyz',
          requireEachIncludedType: false,
        },
      });
      if (origin === 'empty') {
        // No value at all, so GetSecretValue answers ResourceNotFound and the code sees "not written
        // yet" (the first key rotation creates the first key) instead of a random string to parse.
        (secret.node.defaultChild as CfnSecret).addPropertyDeletionOverride('GenerateSecretString');
      }
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          rotation ??
          (origin === 'empty'
            ? 'Rotated by the service itself (key-rotation schedule) or by an operator procedure, not a rotation Lambda.'
            : 'A pepper or data key cannot rotate on a schedule without re-encrypting or re-hashing every record.'),
      });
      secrets[name] = secret;
    }
    this.secrets = secrets as Record<SecretName, Secret>;

    this.truststore = new Bucket(this, 'Truststore', {
      versioned: true,
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy,
      autoDeleteObjects: !deletionProtection,
    });
    Validations.of(this.truststore).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Holds one public CA bundle written by operators; CloudTrail records those writes.',
    });

    new CfnOutput(this, 'PartnerCaSecretArn', { value: this.secrets.partnerCa.secretArn });
    new CfnOutput(this, 'TruststoreBucketName', { value: this.truststore.bucketName });
    new CfnOutput(this, 'TruststoreKey', { value: StatefulStack.truststoreKey });
  }
}

function pascalCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
