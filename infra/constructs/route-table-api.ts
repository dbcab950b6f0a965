import { CfnOutput, Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  type CorsOptions,
  DomainName,
  EndpointAccessMode,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  type MethodOptions,
  type MTLSConfig,
  ResponseType,
  RestApi,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigateway';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayDomain } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { ApiError, type ErrorCode, MalformedBodyError } from '../../shared/domain/errors.ts';
import type { FloodPolicy } from '../../shared/domain/quotas/flood.ts';
import { corsExposedHeaders, corsPreflight } from '../../shared/http/cors.ts';
import { problemResponse } from '../../shared/http/problem.ts';
import type { FunctionGroup, Host, RouteDefinition } from '../../shared/routes/types.ts';
import { problemContentType } from '../../shared/vocabulary/media-types.ts';
import { ManagedRulesWebAcl } from './managed-rules-web-acl.ts';
import { rateLimitGatewayResponse } from './rate-limiting.ts';

export interface RouteTableApiProps {
  host: Host;
  restApiName: string;
  /** The routes deployed on this stage; only those listing `host` become methods here. */
  routes: readonly RouteDefinition[];
  /** One Lambda per group; routes of a group without a function are left out (the stack warns). */
  functions: ReadonlyMap<FunctionGroup, IFunction>;
  /** Answers every path no route matches with 404 (the `meta` group). */
  notFoundFunction: IFunction;
  domainName: string;
  certificate: ICertificate;
  /** Mutual TLS: only clients with a certificate from the truststore's CAs complete the handshake. */
  mtls?: MTLSConfig;
  hostedZone?: IHostedZone;
  /** The origins CORS admits on this host (shared/http/cors.ts): preflights answered by the gateway. */
  corsOrigins?: readonly string[];
  /** A WAF web ACL with a rate rule per source address and AWS managed rules in front of the stage (the admin API). */
  managedRules?: { flood: FloodPolicy; viewer?: { header: string; flood: FloodPolicy } };
  throttling: { rateLimit: number; burstLimit: number };
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /**
   * The API meters its routes with usage plans and an authorizer (the partner API): its 429 gateway
   * responses then also carry `RateLimit-Policy`, copied from the authorizer's context.
   */
  metered?: boolean;
}

/** One access log line per request, JSON, without bodies, tokens or query strings. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    request_id: '$context.requestId',
    extended_request_id: '$context.extendedRequestId',
    time: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    domain: '$context.domainName',
    method: '$context.httpMethod',
    resource: '$context.resourcePath',
    path: '$context.path',
    protocol: '$context.protocol',
    status: '$context.status',
    response_length: '$context.responseLength',
    latency_ms: '$context.responseLatency',
    integration_latency_ms: '$context.integration.latency',
    integration_status: '$context.integration.status',
    error_type: '$context.error.responseType',
    client_cert_serial: '$context.identity.clientCert.serialNumber',
    client_cert_subject: '$context.identity.clientCert.subjectDN',
    xray_trace_id: '$context.xrayTraceId',
  }),
);

/** Answers API Gateway gives by itself (no Lambda involved), as the problem the pipeline would build. */
const gatewayProblems: readonly { type: ResponseType; error: ApiError }[] = [
  {
    type: ResponseType.DEFAULT_4XX,
    error: new MalformedBodyError('The request was refused by the gateway.'),
  },
  // No resource or method matched (API Gateway calls it a missing token): an unknown route.
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, error: gatewayError('ResourceNotFound') },
  { type: ResponseType.RESOURCE_NOT_FOUND, error: gatewayError('ResourceNotFound') },
  { type: ResponseType.ACCESS_DENIED, error: gatewayError('Forbidden') },
  { type: ResponseType.WAF_FILTERED, error: gatewayError('Forbidden') },
  // The authorizer refused the token (docs/quotas.md): the same problem the Lambda answers.
  { type: ResponseType.UNAUTHORIZED, error: gatewayError('Unauthorized', { 'WWW-Authenticate': 'Bearer' }) },
  { type: ResponseType.REQUEST_TOO_LARGE, error: gatewayError('PayloadTooLarge') },
  { type: ResponseType.UNSUPPORTED_MEDIA_TYPE, error: gatewayError('UnsupportedMediaType') },
  { type: ResponseType.DEFAULT_5XX, error: gatewayError('InternalError') },
  { type: ResponseType.INTEGRATION_FAILURE, error: gatewayError('ServiceUnavailable') },
  // The authorizer threw: it only does when the account read or the key material did not answer
  // (DynamoDB, Secrets Manager), so the caller is told to retry, as the functions do; its error alarm
  // shows anything else (docs/operations.md).
  { type: ResponseType.AUTHORIZER_FAILURE, error: gatewayError('ServiceUnavailable') },
  { type: ResponseType.AUTHORIZER_CONFIGURATION_ERROR, error: gatewayError('ServiceUnavailable') },
  { type: ResponseType.INTEGRATION_TIMEOUT, error: gatewayError('ServiceUnavailable') },
];

function gatewayError(code: ErrorCode, headers?: Record<string, string>): ApiError {
  return new ApiError(code, 'set by the gateway', headers ? { headers } : {});
}

const detailPlaceholder = '@@detail@@';

/**
 * shared/http/problem.ts builds the body, so gateway answers and Lambda answers cannot drift apart;
 * the gateway fills in the path, its request id and its own message.
 */
/**
 * A gateway response carries one fixed Access-Control-Allow-Origin (it cannot choose by the request's
 * Origin), so it names the first admitted origin: the console on the auth host, the scanner on the
 * venue host. The scanner sees a refusal of the auth host's gateway itself (WAF, throttling) as a
 * failed request.
 */
function gatewayResponseOf(error: ApiError, corsOrigin: string | undefined) {
  const response = problemResponse(error, '$context.path', '$context.requestId');
  const body = { ...(JSON.parse(response.body) as Record<string, unknown>), detail: detailPlaceholder };
  const headers = Object.fromEntries(
    Object.entries({ ...response.headers, 'Content-Type': problemContentType, 'Cache-Control': 'no-store' })
      .filter(([name]) => name !== 'X-Request-ID')
      .map(([name, value]) => [name, `'${value}'`]),
  );
  // The console must see the gateway's refusals too, not a CORS failure.
  const cors: Record<string, string> = corsOrigin
    ? {
        'Access-Control-Allow-Origin': `'${corsOrigin}'`,
        'Access-Control-Expose-Headers': `'${corsExposedHeaders.join(', ')}'`,
        Vary: "'Origin'",
      }
    : {};
  return {
    statusCode: String(response.statusCode),
    responseHeaders: { ...headers, ...cors, 'X-Request-ID': 'context.requestId' },
    templates: {
      'application/json': JSON.stringify(body).replace(
        `"${detailPlaceholder}"`,
        '$context.error.messageString',
      ),
    },
  };
}

/**
 * A regional REST API for one host, built only from the route table: every route of the host is a
 * method on its group's Lambda (`addRoutes`); each resource also sends any other method to that
 * Lambda (405 with Allow), and `{proxy+}` sends unknown paths to `notFoundFunction` (404). Reachable
 * only through its custom domain: the execute-api endpoint would bypass mutual TLS.
 */
export class RouteTableApi extends Construct {
  readonly api: RestApi;
  readonly domain: DomainName;
  readonly url: string;
  readonly domainName: string;
  /** One JSON line per request (the dashboard counts the gateway's 429s from it). */
  readonly accessLogs: LogGroup;
  private readonly props: RouteTableApiProps;
  private routesAdded = false;

  constructor(scope: Construct, id: string, props: RouteTableApiProps) {
    super(scope, id);
    this.props = props;
    this.domainName = props.domainName;
    // Raw uploads (images) reach the Lambda base64-encoded only for the media types listed here, and a
    // binary answer (a wallet pass) leaves API Gateway as bytes only when the request's Accept names one.
    const hostRoutes = props.routes.filter((route) => route.hosts.includes(props.host));
    const binaryMediaTypes = [
      ...new Set([
        ...hostRoutes.flatMap((route) =>
          route.request?.bodyType === 'binary' ? (route.request.mediaTypes ?? []) : [],
        ),
        ...hostRoutes.flatMap((route) =>
          Object.values(route.responses).flatMap(({ contentType }) =>
            contentType !== undefined && isExactBinaryType(contentType) ? [contentType] : [],
          ),
        ),
      ]),
    ];
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.api = new RestApi(this, 'Api', {
      restApiName: props.restApiName,
      endpointTypes: [EndpointType.REGIONAL],
      disableExecuteApiEndpoint: true,
      cloudWatchRole: false,
      ...(binaryMediaTypes.length > 0 ? { binaryMediaTypes } : {}),
      deployOptions: {
        stageName: 'live',
        tracingEnabled: true,
        metricsEnabled: true,
        cachingEnabled: false,
        throttlingRateLimit: props.throttling.rateLimit,
        throttlingBurstLimit: props.throttling.burstLimit,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat,
      },
      ...(props.corsOrigins?.length ? { defaultCorsPreflightOptions: corsOptions(props.corsOrigins) } : {}),
    });
    this.accessLogs = accessLogs;

    // The execute-api URL output would point at the disabled endpoint; the domain URL is the output.
    this.api.node.tryRemoveChild('Endpoint');

    for (const { type, error } of gatewayProblems) {
      this.api.addGatewayResponse(`Problem${type.responseType}`, {
        type,
        ...gatewayResponseOf(error, props.corsOrigins?.[0]),
      });
    }
    if (props.managedRules) {
      new ManagedRulesWebAcl(this, 'Firewall', {
        api: this.api,
        routes: props.routes.filter((route) => route.hosts.includes(props.host)),
        flood: props.managedRules.flood,
        ...(props.managedRules.viewer ? { viewer: props.managedRules.viewer } : {}),
        metricPrefix: props.restApiName.replace(/[^A-Za-z0-9]/g, ''),
      });
    }
    // One definition each: API Gateway keeps one response per type.
    for (const policy of ['burst', 'daily'] as const) {
      const { type, ...response } = rateLimitGatewayResponse(policy, {
        policyFromAuthorizer: props.metered ?? false,
      });
      this.api.addGatewayResponse(`Problem${type.responseType}`, { type, ...response });
    }

    this.domain = new DomainName(this, 'Domain', {
      domainName: props.domainName,
      certificate: props.certificate,
      endpointType: EndpointType.REGIONAL,
      ...tlsPolicy(props.mtls !== undefined),
      ...(props.mtls ? { mtls: props.mtls } : {}),
    });
    this.domain.addBasePathMapping(this.api);
    if (props.hostedZone) {
      new ARecord(this, 'Alias', {
        zone: props.hostedZone,
        recordName: props.domainName,
        target: RecordTarget.fromAlias(new ApiGatewayDomain(this.domain)),
      });
    }
    this.url = `https://${props.domainName}`;
    new CfnOutput(this, 'Url', { value: this.url });
    new CfnOutput(this, 'RegionalDomainName', {
      value: this.domain.domainNameAliasDomainName,
      description: 'CNAME target when DNS is not in the configured hosted zone',
    });

    Validations.of(this.api).acknowledge(
      {
        id: 'AwsSolutions-APIG2',
        reason:
          'Every request is validated in the Lambda against the route table zod schemas (422 problems).',
      },
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Authorization happens in the Lambda pipeline: ES256 access tokens (partner tokens bound to the ' +
          'mTLS client certificate, employee tokens on the admin API); token, JWKS, discovery and login ' +
          'operations are public by design.',
      },
      {
        id: 'AwsSolutions-COG4',
        reason: 'Partners authenticate with OAuth client credentials issued by this service, not Cognito.',
      },
      {
        id: 'AwsSolutions-APIG6',
        reason:
          'JSON access logs cover every request; execution logging needs the account-wide API Gateway ' +
          'CloudWatch role, which this app does not own.',
      },
    );
    if (!props.managedRules) {
      Validations.of(this.api).acknowledge({
        id: 'AwsSolutions-APIG3',
        reason:
          'Stage throttling limits every caller; the partner API also requires a client certificate and ' +
          'meters each account by its plan; the auth API has its own rate-based web ACL (docs/quotas.md).',
      });
    }
  }

  /**
   * Every route of the host as a method on its group's Lambda, with `methodOptions` of the route (the
   * partner API's metered routes name the authorizer and require the caller's usage plan key). Once.
   */
  addRoutes(methodOptions: (route: RouteDefinition) => MethodOptions = () => ({})): void {
    if (this.routesAdded) throw new Error('The routes of this API are added already');
    this.routesAdded = true;
    const { props } = this;
    const integrations = new Map<IFunction, LambdaIntegration>();
    // One invoke permission per function and API instead of two per method: the policy stays small.
    const integrationOf = (fn: IFunction) => {
      const integration =
        integrations.get(fn) ?? new LambdaIntegration(fn, { scopePermissionToMethod: false });
      integrations.set(fn, integration);
      return integration;
    };

    for (const [path, routes] of routesByPath(
      props.routes.filter((route) => route.hosts.includes(props.host)),
    )) {
      const groups = new Set(routes.map((route) => route.group));
      const [group] = groups;
      if (group === undefined || groups.size > 1) {
        throw new Error(
          `${path} is served by ${[...groups].join(' and ')}: one resource, one group (405 Allow)`,
        );
      }
      const fn = props.functions.get(group);
      if (!fn) continue;
      const resource = this.api.root.resourceForPath(path);
      for (const route of routes) {
        resource.addMethod(route.method, integrationOf(fn), {
          operationName: route.operationId,
          ...methodOptions(route),
        });
      }
      resource.addMethod('ANY', integrationOf(fn));
    }
    this.api.root.addResource('{proxy+}').addMethod('ANY', integrationOf(props.notFoundFunction));
  }
}

function corsOptions(origins: readonly string[]): CorsOptions {
  return {
    allowOrigins: [...origins],
    allowMethods: [...corsPreflight.allowMethods],
    allowHeaders: [...corsPreflight.allowHeaders],
    maxAge: Duration.seconds(corsPreflight.maxAgeSeconds),
    statusCode: 204,
  };
}

/**
 * TLS 1.3 wherever API Gateway allows choosing it. A domain without mutual TLS gets the enhanced
 * policy that accepts TLS 1.3 and TLS 1.2 with forward secrecy only (and post-quantum key exchange),
 * in strict mode (the SNI must name the domain). API Gateway refuses mutual TLS on a domain with an
 * enhanced policy, so the partner domain keeps the legacy TLS_1_2 policy, which negotiates TLS 1.3
 * with clients that offer it and refuses anything older than 1.2 (docs/deploy.md).
 */
export function tlsPolicy(mutualTls: boolean): {
  securityPolicy: SecurityPolicy;
  endpointAccessMode?: EndpointAccessMode;
} {
  if (mutualTls) return { securityPolicy: SecurityPolicy.TLS_1_2 };
  return {
    securityPolicy: SecurityPolicy.TLS13_1_2_PFS_PQ_2025_09,
    endpointAccessMode: EndpointAccessMode.STRICT,
  };
}

function routesByPath(routes: readonly RouteDefinition[]): Map<string, RouteDefinition[]> {
  const byPath = new Map<string, RouteDefinition[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  return byPath;
}

/** A response media type API Gateway must pass as bytes: not JSON, not text, and exact (no `image/*`). */
function isExactBinaryType(contentType: string): boolean {
  return !/json|^text\/|\*/i.test(contentType);
}
