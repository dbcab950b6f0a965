import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { type CfnSecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { auditTable, idempotencyTable, mainTable, requestLogTable } from '../../shared/db/tables.ts';
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
    description:
      'ES256 key set (private) that signs pass QR payloads; created by the key-rotation function (docs/booking.md).',
  },
  passKeysPublic: {
    origin: 'empty',
    description: 'Public JWKS of the pass signing keys, published by the booking function.',
  },
  idpClientSecret: {
    origin: 'empty',
    description:
      "This service's client secret at the stage's identity provider (employee login); written by an operator.",
  },
  esimShareLinkKey: {
    origin: 'generated',
    description:
      "Key material the HMAC key of travellers' eSIM share links is derived from (docs/esim.md, Install help). Changing it invalidates every share link.",
  },
  loginStateKey: {
    origin: 'generated',
    description: 'HS256 key (256 bits) that signs the employee login state sent to the identity provider.',
    rotation:
      'Rotated by an operator procedure that keeps the previous key verifying for 10 minutes (docs/deploy.md).',
  },
  applePassCertificate: {
    origin: 'empty',
    description:
      'Apple Wallet pass-type certificate {signer_cert_pem, signer_key_pem, signer_key_passphrase?, wwdr_cert_pem}; loaded by an operator (docs/wallet.md).',
    rotation: 'Replaced by an operator before the pass-type certificate expires (yearly; docs/wallet.md).',
  },
  googleWalletKey: {
    origin: 'empty',
    description:
      "Google Wallet issuer's service-account key (Google's JSON key file: client_email, private_key, private_key_id); loaded by an operator (docs/wallet.md).",
    rotation: 'Replaced by an operator with a new service-account key (docs/wallet.md).',
  },
};

/**
 * What must survive every deploy: tables, secrets and the mTLS truststore. Rarely changed; the API
 * stack deploys often and only references these.
 */
export class StatefulStack extends Stack {
  static readonly truststoreKey = 'truststore.pem';
  /** The SM-DP+ supplier's CA bundle, the ES2+ domain's truststore (never the partner CA's object). */
  static readonly smdpTruststoreKey = 'smdp-truststore.pem';
  readonly mainTable: ServiceTable;
  readonly idempotencyTable: ServiceTable;
  readonly auditTable: ServiceTable;
  readonly requestLogTable: ServiceTable;
  readonly tables: Record<TableName, ServiceTable>;
  readonly secrets: Record<SecretName, Secret>;
  readonly truststore: Bucket;
  /** Catalog images (docs/catalog-admin.md, Images): served only through GET /v2/images/{id}. */
  readonly imagesBucket: Bucket;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { removalPolicy, deletionProtection, consoleDomainName } = props.config;

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
    this.requestLogTable = new ServiceTable(this, 'RequestLogTable', {
      shape: requestLogTable,
      removalPolicy,
      deletionProtection,
    });
    this.tables = {
      main: this.mainTable,
      idempotency: this.idempotencyTable,
      audit: this.auditTable,
      requestLog: this.requestLogTable,
    };

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

    this.imagesBucket = new Bucket(this, 'ImagesBucket', {
      // Private: partners get images only through the API, which checks their contract.
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // Objects are content-addressed and never overwritten with other bytes; versions guard against
      // a mistaken delete, and old versions (a twin upload of the same bytes) expire.
      versioned: true,
      lifecycleRules: [
        { id: 'ExpireNoncurrentVersions', noncurrentVersionExpiration: Duration.days(30) },
        { id: 'AbortIncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Files put through upload URLs wait here until checked; what nobody completed goes.
        {
          id: 'ExpireStagedUploads',
          prefix: 'uploads/',
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      // The console puts large images straight here through upload URLs (docs/catalog-admin.md, Images).
      cors: [
        {
          allowedOrigins: [`https://${consoleDomainName}`],
          allowedMethods: [HttpMethods.PUT],
          allowedHeaders: ['content-type'],
          maxAge: 3600,
        },
      ],
      removalPolicy,
      autoDeleteObjects: !deletionProtection,
    });
    Validations.of(this.imagesBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Written only by the catalog administration function, whose every upload is in the audit log ' +
        '(who, when, SHA-256); read only by the catalog function.',
    });

    new CfnOutput(this, 'PartnerCaSecretArn', { value: this.secrets.partnerCa.secretArn });
    new CfnOutput(this, 'TruststoreBucketName', { value: this.truststore.bucketName });
    new CfnOutput(this, 'TruststoreKey', { value: StatefulStack.truststoreKey });
    new CfnOutput(this, 'SmdpTruststoreKey', { value: StatefulStack.smdpTruststoreKey });
    new CfnOutput(this, 'ImagesBucketName', { value: this.imagesBucket.bucketName });
  }
}

function pascalCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
