import { randomUUID } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildProxyEvent } from '../../../infra/local/api-event.ts';
import { partnerCertificateSubject } from '../../../shared/auth/certificate-binding.ts';
import { certificateStanding, fingerprintOfPem } from '../../../shared/auth/certificate-standing.ts';
import { principalStatus } from '../../../shared/auth/principal-status.ts';
import { rotateSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { issuePartnerToken } from '../../../shared/auth/token-issuer.ts';
import { defaultPartnerCaSubject } from '../../../shared/config/env.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { accountKeys } from '../../../shared/db/entities/account.ts';
import { applicationKeys } from '../../../shared/db/entities/application.ts';
import type { RouteDefinition } from '../../../shared/routes/types.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import type { Scope } from '../../../shared/vocabulary/scopes.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const clientId = 'client-1';
/** The partner's client certificate as API Gateway hands it over (only its fingerprint is checked here). */
const clientCertPem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';

export interface PartnerRequest {
  route: Pick<RouteDefinition, 'method' | 'path'>;
  /** The path as sent; the route's own path when it has no parameters. */
  path?: string;
  pathParameters?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer;
}

/**
 * A handler test's partner, in a container that has served it before: the clock frozen at `start`,
 * local configuration, signing keys and a token with `scopes` (made before all tests). `warmUp`, for
 * each test's `beforeEach`, leaves the container as a served request would (module caches reset, the
 * token's application and certificate known active: read once a minute, so not a call the test counts); `event`
 * builds the API Gateway event of a request over mutual TLS with that token.
 */
export function warmPartnerContainer(options: {
  dynamo: AwsClientStub<DynamoDBDocumentClient>;
  start: Date;
  accountId: string;
  scopes: Scope[];
}) {
  const { dynamo, start, accountId, scopes } = options;
  let accessToken = '';
  let cleanUp: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    ({ cleanUp } = await useLocalConfig());
    await rotateSigningKeys(secretStore(), start);
    ({ accessToken } = await issuePartnerToken({ clientId, accountId, scopes }));
  });
  afterAll(async () => {
    vi.useRealTimers();
    dynamo.restore();
    await cleanUp?.();
  });

  return {
    async warmUp(): Promise<void> {
      vi.setSystemTime(start);
      resetModuleCaches();
      dynamo.on(GetCommand, { Key: applicationKeys(clientId) }).resolves({
        Item: { client_id: clientId, account_id: accountId, status: 'Active', account_status: 'Active' },
      });
      await principalStatus.requireActive({
        kind: 'partner',
        accountId,
        subject: clientId,
        scopes: [],
        tokenId: 'warm-up',
        tokenGeneration: 0,
      });
      dynamo.on(GetCommand, { Key: accountKeys(accountId) }).resolves({
        Item: { active_certificate_fingerprints: [fingerprintOfPem(clientCertPem)] },
      });
      await certificateStanding.requireActive(accountId, clientCertPem);
    },

    event(request: PartnerRequest): APIGatewayProxyEvent {
      return buildProxyEvent({
        method: request.route.method,
        path: request.path ?? request.route.path,
        rawQuery: '',
        rawHeaders: Object.entries({
          Host: 'api.test.invalid',
          Authorization: `Bearer ${accessToken}`,
          ...request.headers,
        }).flat(),
        body: request.body ?? Buffer.alloc(0),
        resource: request.route.path,
        pathParameters: request.pathParameters ?? null,
        sourceIp: '127.0.0.1',
        clientCert: {
          clientCertPem,
          subjectDN: partnerCertificateSubject(accountId),
          issuerDN: defaultPartnerCaSubject,
          serialNumber: '01',
          validity: { notBefore: 'Jan 1 00:00:00 2030 GMT', notAfter: 'Jan 1 00:00:00 2031 GMT' },
        },
        stage: 'local',
        requestId: randomUUID(),
        now: new Date(),
      });
    },
  };
}
