import { Duration, Validations } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AaaaRecord, ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { spaRequestFunctionCode } from '../../console/hosting.ts';

export interface StaticSiteProps {
  /** The private bucket: the site is the objects under `prefix`, read through Origin Access Control. */
  bucket: IBucket;
  prefix: string;
  domainName: string;
  /** ACM certificate in us-east-1 (CloudFront's region). */
  certificate: ICertificate;
  hostedZone: IHostedZone | undefined;
  /** The response headers of every answer (console/hosting.ts): CSP, framing, sniffing, referrer, HSTS. */
  headers: Readonly<Record<string, string>>;
  /** Answers page paths with index.html (the console's SPA fallback, console/hosting.ts). */
  spaFallback: boolean;
  comment: string;
  /**
   * An API on the site's own origin (the eSIM page's read): requests under `pathPattern` go to
   * `domainName` uncached, through `viewerRequestCode` (a CloudFront Function) on the way.
   */
  api?: { pathPattern: string; domainName: string; viewerRequestCode: string };
}

/** `max-age=<seconds>; includeSubDomains` of a Strict-Transport-Security header. */
function hstsOf(value: string | undefined) {
  const maxAge = Number(/max-age=(\d+)/.exec(value ?? '')?.[1]);
  if (!Number.isInteger(maxAge)) throw new Error(`Not a Strict-Transport-Security value: ${value}`);
  return {
    accessControlMaxAge: Duration.seconds(maxAge),
    includeSubdomains: /includeSubDomains/i.test(value ?? ''),
    override: true,
  };
}

/**
 * One static site: a CloudFront distribution on its own domain in front of a prefix of a private S3
 * bucket (Origin Access Control, no public access), GET and HEAD only, HTTPS only, the site's
 * response headers as a response headers policy, and optionally the SPA fallback as a CloudFront
 * Function. The same headers and fallback as the local stage's static sites (infra/local/static-site.ts).
 */
export class StaticSite extends Construct {
  readonly distribution: Distribution;
  readonly headersPolicy: ResponseHeadersPolicy;
  readonly url: string;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    const { headers } = props;
    const contentSecurityPolicy = headers['Content-Security-Policy'];
    if (!contentSecurityPolicy) throw new Error(`${id}: no Content-Security-Policy`);
    if (headers['X-Frame-Options'] !== 'DENY' || headers['Referrer-Policy'] !== 'no-referrer')
      throw new Error(
        `${id}: the policy below maps only X-Frame-Options DENY and Referrer-Policy no-referrer`,
      );

    this.headersPolicy = new ResponseHeadersPolicy(this, 'Headers', {
      comment: `${props.comment}: security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: hstsOf(headers['Strict-Transport-Security']),
      },
    });

    const spaFallback = props.spaFallback
      ? new CloudFrontFunction(this, 'SpaFallback', {
          comment: `${props.comment}: page paths answer index.html`,
          runtime: FunctionRuntime.JS_2_0,
          code: FunctionCode.fromInline(spaRequestFunctionCode),
        })
      : undefined;

    const api = props.api
      ? {
          [props.api.pathPattern]: {
            origin: new HttpOrigin(props.api.domainName, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
            cachePolicy: CachePolicy.CACHING_DISABLED,
            // API Gateway's custom domain answers only its own Host.
            originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            responseHeadersPolicy: this.headersPolicy,
            functionAssociations: [
              {
                function: new CloudFrontFunction(this, 'ApiViewerRequest', {
                  comment: `${props.comment}: the viewer's address for the API's WAF`,
                  runtime: FunctionRuntime.JS_2_0,
                  code: FunctionCode.fromInline(props.api.viewerRequestCode),
                }),
                eventType: FunctionEventType.VIEWER_REQUEST,
              },
            ],
          },
        }
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      ...(api ? { additionalBehaviors: api } : {}),
      comment: props.comment,
      domainNames: [props.domainName],
      certificate: props.certificate,
      minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.bucket, { originPath: `/${props.prefix}` }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.headersPolicy,
        ...(spaFallback
          ? { functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }] }
          : {}),
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'Employees and partners work from anywhere; the admin API behind the console has its own WAF.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'Static files of public code and no secret; every request with data goes to the admin API, which has a WAF web ACL.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'Public static files: the API calls they lead to are logged by the APIs themselves.',
      },
    );

    if (props.hostedZone) {
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'Alias', { zone: props.hostedZone, recordName: props.domainName, target });
      new AaaaRecord(this, 'AliasV6', { zone: props.hostedZone, recordName: props.domainName, target });
    }
    this.url = `https://${props.domainName}`;
  }
}
