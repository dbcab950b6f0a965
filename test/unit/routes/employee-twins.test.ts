import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { roleScopes } from '../../../shared/domain/employees/model.ts';
import { adminRoutes } from '../../../shared/routes/admin.ts';
import {
  employeeAdminPrefix,
  employeeAdminTag,
  employeeTwin,
  employeeTwinId,
  employeeTwinsOf,
  operatorAdminPrefix,
} from '../../../shared/routes/employee-twins.ts';
import { routeList, routes } from '../../../shared/routes/index.ts';
import { defineRoute } from '../../../shared/routes/types.ts';

const operatorRoutes = routeList.filter((route) => route.path.startsWith(operatorAdminPrefix));
const adminHostRoutes = routeList.filter((route) => route.hosts.includes('admin'));

describe('the employee twins', () => {
  it('exist in the route table once for every /v2/admin route, under /api/v1/admin with the same sub-path', () => {
    expect(operatorRoutes.length).toBeGreaterThan(0);
    for (const route of operatorRoutes) {
      const twins = routeList.filter((candidate) => candidate.twinOf === route.operationId);

      expect(twins, route.operationId).toHaveLength(1);
      expect(twins[0]?.path).toBe(route.path.replace('/v2/admin/', '/api/v1/admin/'));
      expect(twins[0]?.method).toBe(route.method);
    }
  });

  it('serve employees only, on the admin host, with a distinct operation id and their own tag', () => {
    const twin = routes.employeeCreateAccount;

    expect(twin).toMatchObject({
      operationId: 'employeeCreateAccount',
      path: '/api/v1/admin/accounts',
      hosts: ['admin'],
      tags: [employeeAdminTag],
      auth: { scope: 'identity.account:*', audiences: ['employee'] },
      twinOf: 'createAccount',
    });
  });

  it('keep the operation: group, schemas, scopes, idempotency, responses and audit declaration', () => {
    for (const route of operatorRoutes) {
      const twin = employeeTwin(route);
      const { operationId, path, hosts, tags, auth, twinOf, ...same } = twin;
      const { operationId: _o, path: _p, hosts: _h, tags: _t, auth: originalAuth, ...original } = route;

      expect(same).toEqual(original);
      expect(same.request).toBe(route.request);
      expect({ ...auth, audiences: undefined }).toEqual({ ...originalAuth, audiences: undefined });
      expect(twinOf).toBe(route.operationId);
    }
  });

  it('are derived for a route added later under /v2/admin, and for no other', () => {
    const added = {
      loadPool: defineRoute({
        operationId: 'loadPool',
        method: 'POST',
        path: '/v2/admin/accounts/{accountID}/pool',
        hosts: ['api'],
        group: 'admin',
        summary: 'Load',
        tags: ['Admin'],
        auth: { scope: 'admin.esim_pools:write' },
        request: { params: z.strictObject({ accountID: z.uuid() }) },
        responses: { 201: { description: 'Loaded' } },
      }),
      partnerThing: defineRoute({
        operationId: 'partnerThing',
        method: 'GET',
        path: '/v2/b2b/things',
        hosts: ['api'],
        group: 'booking',
        summary: 'Thing',
        tags: [],
        auth: { scope: 'webhooks' },
        responses: { 200: { description: 'ok' } },
      }),
    };

    const twins = employeeTwinsOf(added);

    expect(Object.keys(twins)).toEqual(['employeeLoadPool']);
    expect(twins.employeeLoadPool.path).toBe(`${employeeAdminPrefix}accounts/{accountID}/pool`);
  });

  it('cannot be made of a route outside /v2/admin or one without a token', () => {
    const open = { ...adminRoutes.listAccounts, auth: null };

    expect(() => employeeTwin(routes.listLounges)).toThrow('is not under /v2/admin/');
    expect(() => employeeTwin(open)).toThrow('takes no token');
  });

  it('are named by capitalising the operation id', () => {
    expect(employeeTwinId('disableAccount')).toBe('employeeDisableAccount');
  });
});

describe('the admin routes', () => {
  it('under /v2/admin take partner (operator) tokens only, over mutual TLS', () => {
    for (const route of operatorRoutes) {
      expect(route.hosts, route.operationId).toEqual(['api']);
      expect(route.auth?.audiences ?? ['partner'], route.operationId).toEqual(['partner']);
    }
  });

  it('on the admin host take employee tokens only, under /api/v1/admin', () => {
    for (const route of adminHostRoutes) {
      expect(route.hosts, route.operationId).toEqual(['admin']);
      expect(route.auth?.audiences, route.operationId).toEqual(['employee']);
      expect(route.path.startsWith(employeeAdminPrefix), route.operationId).toBe(true);
    }
  });

  it('declare an audit record for every state change, on both prefixes', () => {
    const writes = [...operatorRoutes, ...adminHostRoutes].filter((route) => route.method !== 'GET');

    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      expect(route.audit, route.operationId).toBeDefined();
      // The operation stages its own record (catalog administration); the pipeline adds none.
      if (route.audit === 'self') continue;
      const { param, responseField } = route.audit?.target ?? {};
      expect(Boolean(param) !== Boolean(responseField), route.operationId).toBe(true);
      if (param) {
        const params = route.request?.params;
        expect(Object.keys(params ? params.shape : {}), route.operationId).toContain(param);
      }
    }
  });

  it('give reads a :read scope that support holds, writes a scope it does not', () => {
    const supportScopes: readonly string[] = roleScopes.support;
    for (const route of adminHostRoutes) {
      const accepted = [route.auth?.scope, ...(route.auth?.alternatives ?? [])];
      const supportPasses = accepted.some((scope) => scope !== undefined && supportScopes.includes(scope));
      expect(supportPasses, route.operationId).toBe(route.method === 'GET');
    }
  });
});
