import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invokedWorkers } from '../../../infra/functions.ts';
import { repositoryRoot } from '../../../infra/local/functions.ts';
import { callerOf, sampleEvent, sampleEvents } from '../../../infra/local/sample-events.ts';
import { routes, routesForStage } from '../../../shared/routes/index.ts';

const eventsDir = join(repositoryRoot, 'events');

describe('events/', () => {
  it('holds one event file per operation of the route table and per invoked worker, and no other', () => {
    const files = readdirSync(eventsDir).filter((name) => name.endsWith('.json'));

    expect(files.sort()).toEqual(
      [
        ...routesForStage('local').map((route) => `${route.operationId}.json`),
        ...invokedWorkers.map((worker) => `${worker}.json`),
      ].sort(),
    );
  });

  it('matches what the route table generates (run `npm run events` after changing routes)', () => {
    for (const { file, content } of sampleEvents()) {
      expect(readFileSync(join(eventsDir, file), 'utf8'), file).toBe(content);
    }
  });
});

describe('sampleEvent', () => {
  it('builds the proxy event of the route with placeholders for the caller credentials', () => {
    const event = sampleEvent(routes.createAccount);

    expect(event).toMatchObject({
      resource: '/v2/admin/accounts',
      path: '/v2/admin/accounts',
      httpMethod: 'POST',
      headers: { Authorization: 'Bearer {{token:operator}}', 'Idempotency-Key': '{{uuid}}' },
      requestContext: {
        resourcePath: '/v2/admin/accounts',
        identity: { clientCert: '{{client_cert:operator}}' },
      },
    });
    expect(JSON.parse(event.body ?? '')).toEqual({ name: 'Example Travel Ltd', csr_pem: '{{csr_pem}}' });
  });

  it('fills path parameters and sends the token request as a form without a client certificate', () => {
    const account = sampleEvent(routes.getAccount);
    const token = sampleEvent(routes.issueToken);

    expect(account.path).toBe('/v2/admin/accounts/{{account_id:partner}}');
    expect(account.pathParameters).toEqual({ accountID: '{{account_id:partner}}' });
    expect(token.body).toBe(
      'grant_type=client_credentials&client_id={{client_id:partner}}&client_secret={{client_secret:partner}}',
    );
    expect(token.requestContext.identity.clientCert).toBeNull();
  });

  it('calls identity operations as the operator and the rest as a partner', () => {
    expect(callerOf(routes.listAccounts)).toBe('operator');
    expect(callerOf(routes.getOpenApiDocument)).toBe('partner');
  });
});
