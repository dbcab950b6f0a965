import { join } from 'node:path';
import { type CfnElement, CfnOutput, Stack, type StackProps, Token, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { referenceSubdir } from '../../console/build.ts';
import {
  type ConsoleRuntimeConfig,
  consoleConfigFile,
  consoleResponseHeaders,
  immutableCacheControl,
  referenceResponseHeaders,
  revalidateCacheControl,
} from '../../console/hosting.ts';
import { esimPageResponseHeaders, viewerAddressFunctionCode } from '../../esim-page/hosting.ts';
import {
  type ScannerRuntimeConfig,
  scannerConfigFile,
  scannerResponseHeaders,
} from '../../scanner/hosting.ts';
import { esimPageApiPrefix } from '../../shared/routes/esim-page.ts';
import { StaticSite } from '../constructs/static-site.ts';
import {
  consoleOrigin,
  consoleRedirectUris,
  esimPageUrl,
  type StageConfig,
  scannerOrigin,
} from '../stage-config.ts';

export interface ConsoleStackProps extends StackProps {
  config: StageConfig;
  /** A console build (console/build.ts): the console at its root, the API reference in `reference/`. */
  buildDir: string;
  /** A scanner app build (scanner/build.ts). */
  scannerBuildDir: string;
  /** An eSIM page build (esim-page/build.ts). */
  esimPageBuildDir: string;
}

const consolePrefix = 'console';
const referencePrefix = 'reference';
const scannerPrefix = 'scanner';
const esimPagePrefix = 'esim-page';

/**
 * The employee console, the API reference and the venues' scanner app as static files (docs/console.md,
 * Hosting; docs/venues.md, The scanner app): one private S3 bucket, three CloudFront distributions on
 * their own domains (three origins, so the reference's third-party script can never act as the
 * console, nor either as the scanner), each with the response headers the local stage sends too, and
 * each app's config.json written for this stage at deploy time.
 */
export class ConsoleStack extends Stack {
  readonly bucket: Bucket;
  readonly console: StaticSite;
  readonly reference: StaticSite;
  /** The console's origin, which the auth and admin APIs admit in CORS (and only it). */
  readonly consoleOrigin: string;
  /** The console's config.json for this stage. */
  readonly runtimeConfig: ConsoleRuntimeConfig;
  readonly scanner: StaticSite;
  /** The scanner's origin, which the auth and venue APIs admit in CORS. */
  readonly scannerOrigin: string;
  /** {esim_page_url}: the travellers' eSIM page, with its read API behind `/v2/esim-page/*`. */
  readonly esimPage: StaticSite;

  constructor(scope: Construct, id: string, props: ConsoleStackProps) {
    super(scope, id, props);
    const { config, buildDir, scannerBuildDir, esimPageBuildDir } = props;
    const authUrl = `https://${config.authDomainName}`;
    const adminUrl = `https://${config.adminDomainName}`;
    const venueUrl = `https://${config.venueDomainName}`;
    const hostedZone = config.hostedZone
      ? HostedZone.fromHostedZoneAttributes(this, 'Zone', {
          hostedZoneId: config.hostedZone.id,
          zoneName: config.hostedZone.name,
        })
      : undefined;

    this.bucket = new Bucket(this, 'Files', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: !config.deletionProtection,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Built files written only by deploys (CloudTrail records them) and read only by CloudFront.',
    });

    this.console = new StaticSite(this, 'Console', {
      bucket: this.bucket,
      prefix: consolePrefix,
      domainName: config.consoleDomainName,
      certificate: Certificate.fromCertificateArn(this, 'ConsoleCertificate', config.consoleCertificateArn),
      hostedZone,
      headers: consoleResponseHeaders({ auth: authUrl, admin: adminUrl }),
      spaFallback: true,
      comment: `partner-travel ${config.stage} employee console`,
    });
    this.reference = new StaticSite(this, 'Reference', {
      bucket: this.bucket,
      prefix: referencePrefix,
      domainName: config.docsDomainName,
      certificate: Certificate.fromCertificateArn(this, 'DocsCertificate', config.docsCertificateArn),
      hostedZone,
      headers: referenceResponseHeaders(),
      spaFallback: false,
      comment: `partner-travel ${config.stage} API reference`,
    });
    this.scanner = new StaticSite(this, 'Scanner', {
      bucket: this.bucket,
      prefix: scannerPrefix,
      domainName: config.scannerDomainName,
      certificate: Certificate.fromCertificateArn(this, 'ScannerCertificate', config.scannerCertificateArn),
      hostedZone,
      headers: scannerResponseHeaders({ auth: authUrl, venue: venueUrl }),
      spaFallback: true,
      comment: `partner-travel ${config.stage} venue scanner app`,
    });
    this.esimPage = new StaticSite(this, 'EsimPage', {
      bucket: this.bucket,
      prefix: esimPagePrefix,
      domainName: config.esimPageDomainName,
      certificate: Certificate.fromCertificateArn(this, 'EsimPageCertificate', config.esimPageCertificateArn),
      hostedZone,
      headers: esimPageResponseHeaders(),
      spaFallback: true,
      comment: `partner-travel ${config.stage} traveller eSIM page`,
      api: {
        pathPattern: `${esimPageApiPrefix}*`,
        domainName: config.esimPageApiDomainName,
        viewerRequestCode: viewerAddressFunctionCode,
      },
    });
    if (this.esimPage.url !== esimPageUrl(config))
      throw new Error(
        `The eSIM page is served at ${this.esimPage.url}, share links name ${esimPageUrl(config)}`,
      );
    this.scannerOrigin = scannerOrigin(config);
    if (this.scanner.url !== this.scannerOrigin)
      throw new Error(`The scanner is served at ${this.scanner.url}, CORS admits ${this.scannerOrigin}`);
    this.consoleOrigin = consoleOrigin(config);
    if (this.console.url !== this.consoleOrigin)
      throw new Error(`The console is served at ${this.console.url}, CORS admits ${this.consoleOrigin}`);

    this.runtimeConfig = {
      auth_url: authUrl,
      admin_url: adminUrl,
      client_id: config.employeeLogin.consoleClientId,
      redirect_uri: consoleRedirectUris(config)[0] ?? `${this.consoleOrigin}/callback`,
      docs_url: `${this.reference.url}/`,
    };
    this.deployFiles(buildDir, this.runtimeConfig);
    this.deployScannerFiles(scannerBuildDir, { auth_url: authUrl, venue_url: venueUrl });
    this.deployEsimPageFiles(esimPageBuildDir);
    this.acknowledgeDeploymentHandler();

    new CfnOutput(this, 'ConsoleUrl', { value: this.console.url });
    new CfnOutput(this, 'DocsUrl', { value: `${this.reference.url}/` });
    new CfnOutput(this, 'ConsoleDistributionDomain', { value: this.console.distribution.domainName });
    new CfnOutput(this, 'DocsDistributionDomain', { value: this.reference.distribution.domainName });
    new CfnOutput(this, 'ScannerUrl', { value: this.scanner.url });
    new CfnOutput(this, 'ScannerDistributionDomain', { value: this.scanner.distribution.domainName });
    new CfnOutput(this, 'EsimPageUrl', { value: this.esimPage.url });
    new CfnOutput(this, 'EsimPageDistributionDomain', { value: this.esimPage.distribution.domainName });
  }

  /**
   * Three deployments: the console's hashed assets (cached for a year, never pruned, so a tab still on
   * the previous index.html finds its files), the rest of the console with this stage's config.json,
   * and the reference (both revalidated on every load). Each invalidates its distribution.
   */
  private deployFiles(buildDir: string, runtimeConfig: ConsoleRuntimeConfig): void {
    new BucketDeployment(this, 'ConsoleAssets', {
      sources: [Source.asset(join(buildDir, 'assets'))],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${consolePrefix}/assets/`,
      cacheControl: [CacheControl.fromString(immutableCacheControl)],
      prune: false,
    });
    new BucketDeployment(this, 'ConsoleFiles', {
      sources: [
        Source.asset(buildDir, { exclude: ['assets', referenceSubdir, '.*'] }),
        Source.jsonData(consoleConfigFile, runtimeConfig),
      ],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${consolePrefix}/`,
      // The assets deployment owns assets/; pruning here must leave it alone.
      exclude: ['assets/*'],
      cacheControl: [CacheControl.fromString(revalidateCacheControl)],
      distribution: this.console.distribution,
      distributionPaths: ['/*'],
    });
    new BucketDeployment(this, 'ReferenceFiles', {
      sources: [Source.asset(join(buildDir, referenceSubdir))],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${referencePrefix}/`,
      cacheControl: [CacheControl.fromString(revalidateCacheControl)],
      distribution: this.reference.distribution,
      distributionPaths: ['/*'],
    });
  }

  /**
   * The scanner as the console: hashed assets for a year and never pruned, the rest (the service
   * worker among them, so a new build reaches installed devices) revalidated with config.json.
   */
  private deployScannerFiles(buildDir: string, runtimeConfig: ScannerRuntimeConfig): void {
    new BucketDeployment(this, 'ScannerAssets', {
      sources: [Source.asset(join(buildDir, 'assets'))],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${scannerPrefix}/assets/`,
      cacheControl: [CacheControl.fromString(immutableCacheControl)],
      prune: false,
    });
    new BucketDeployment(this, 'ScannerFiles', {
      sources: [
        Source.asset(buildDir, { exclude: ['assets', '.*'] }),
        Source.jsonData(scannerConfigFile, runtimeConfig),
      ],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${scannerPrefix}/`,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.fromString(revalidateCacheControl)],
      distribution: this.scanner.distribution,
      distributionPaths: ['/*'],
    });
  }

  /** The eSIM page as the scanner: hashed assets for a year, index.html revalidated; no config file. */
  private deployEsimPageFiles(buildDir: string): void {
    new BucketDeployment(this, 'EsimPageAssets', {
      sources: [Source.asset(join(buildDir, 'assets'))],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${esimPagePrefix}/assets/`,
      cacheControl: [CacheControl.fromString(immutableCacheControl)],
      prune: false,
    });
    new BucketDeployment(this, 'EsimPageFiles', {
      sources: [Source.asset(buildDir, { exclude: ['assets', '.*'] })],
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${esimPagePrefix}/`,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.fromString(revalidateCacheControl)],
      distribution: this.esimPage.distribution,
      distributionPaths: ['/*'],
    });
  }

  /**
   * The one Lambda CDK adds for every BucketDeployment of the stack, as aws-cdk-lib writes it: its
   * findings acknowledged one by one, so a new permission it gains shows up.
   */
  private acknowledgeDeploymentHandler(): void {
    const handlers = this.node.children.filter((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (handlers.length !== 1) throw new Error('Expected the one BucketDeployment handler of the stack');
    const region = Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region;
    const filesBucket = this.getLogicalId(this.bucket.node.defaultChild as CfnElement);
    const wildcards = [
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      // CloudFront invalidations take no resource.
      'Resource::*',
      `Resource::<${filesBucket}.Arn>/*`,
      `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*`,
    ];
    for (const handler of handlers)
      Validations.of(handler).acknowledge(
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: "CDK's BucketDeployment handler: the basic execution role, for its own logs.",
        },
        ...wildcards.map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason:
            "CDK's BucketDeployment handler syncs whole prefixes from the CDK asset bucket into this bucket and invalidates the distributions.",
        })),
        {
          id: 'AwsSolutions-L1',
          reason: "CDK's BucketDeployment handler runtime is chosen by aws-cdk-lib and moves with it.",
        },
      );
  }
}
