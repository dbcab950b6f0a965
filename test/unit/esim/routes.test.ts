import { describe, expect, it } from 'vitest';
import { employeeTwinId } from '../../../shared/routes/employee-twins.ts';
import { esimRoutes } from '../../../shared/routes/esim.ts';
import { esimAdminRoutes } from '../../../shared/routes/esim-admin.ts';
import { esimSandboxRoutes } from '../../../shared/routes/esim-sandbox.ts';
import { routes, routesForStage } from '../../../shared/routes/index.ts';
import type { RouteDefinition } from '../../../shared/routes/types.ts';
import {
  esimPoolLoadRequestSchema,
  esimSettingsRequestSchema,
  esimUsageRequestSchema,
} from '../../../shared/schemas/esim.ts';

describe('the eSIM routes', () => {
  it('write with esim:write and read with esim:read', () => {
    const scopes = Object.values(esimRoutes).map((route) => [
      route.operationId,
      route.method,
      route.auth.scope,
    ]);

    for (const [operationId, method, scope] of scopes) {
      expect(scope, operationId).toBe(method === 'GET' ? 'esim:read' : 'esim:write');
    }
  });

  it('require an Idempotency-Key on order and top-up, and accept one on confirm', () => {
    expect(esimRoutes.createEsimOrder.idempotency).toBe('required');
    expect(esimRoutes.topUpEsim.idempotency).toBe('required');
    expect(esimRoutes.confirmEsimOrder.idempotency).toBe('optional');
  });

  it('put pools and reseller links behind the eSIM pool scopes or the account admin scope, in the admin function', () => {
    for (const route of Object.values(esimAdminRoutes) as RouteDefinition[]) {
      const write = route.method !== 'GET';
      expect(route.group).toBe('admin');
      expect(route.auth?.scope).toBe(write ? 'admin.esim_pools:write' : 'admin.esim_pools:read');
      expect(route.auth?.alternatives).toEqual(['identity.account:*']);
      expect(route.audit !== undefined).toBe(write);
    }
  });

  it('serve employees the same operations under /api/v1/admin, employee tokens only', () => {
    for (const route of Object.values(esimAdminRoutes)) {
      const twin: RouteDefinition = routes[employeeTwinId(route.operationId)];
      expect(twin.path).toBe(route.path.replace('/v2/admin/', '/api/v1/admin/'));
      expect(twin.auth?.audiences).toEqual(['employee']);
    }
  });

  it('keep simulated usage out of prod', () => {
    const prod = routesForStage('prod').map((route) => route.operationId);

    expect(esimSandboxRoutes.simulateEsimUsage.sandboxOnly).toBe(true);
    expect(prod).not.toContain('simulateEsimUsage');
    expect(routesForStage('stage').map((route) => route.operationId)).toContain('simulateEsimUsage');
  });
});

describe('the pool load request', () => {
  it('names each malformed ICCID by its index', () => {
    const parsed = esimPoolLoadRequestSchema.safeParse({
      iccids: ['8988299000000000016', '8988299000000000017', 'abc'],
    });

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['iccids.1', 'iccids.2']);
  });

  it('takes at most 1000 ICCIDs at once', () => {
    const parsed = esimPoolLoadRequestSchema.safeParse({ iccids: Array(1001).fill('8988299000000000016') });

    expect(parsed.error?.issues[0]?.path).toEqual(['iccids']);
  });
});

describe('the usage request', () => {
  it('takes a positive whole number of megabytes and refuses unknown fields', () => {
    expect(esimUsageRequestSchema.safeParse({ iccid: '8988299000000000016', used_mb: 0 }).success).toBe(
      false,
    );
    expect(esimUsageRequestSchema.safeParse({ iccid: '8988299000000000016', used_mb: 1.5 }).success).toBe(
      false,
    );
    expect(esimUsageRequestSchema.safeParse({ iccid: '8988299000000000016', used_mb: 1, x: 1 }).success).toBe(
      false,
    );
    expect(esimUsageRequestSchema.safeParse({ iccid: '8988299000000000016', used_mb: 1 }).success).toBe(true);
  });
});

describe('the eSIM settings request', () => {
  const problems = (usage_thresholds: unknown) =>
    esimSettingsRequestSchema
      .safeParse({ usage_thresholds })
      .error?.issues.map((issue) => issue.path.join('.'));

  it('takes up to five distinct whole percentages from 1 to 99, or none', () => {
    expect(problems([1, 50, 60, 90, 99])).toBeUndefined();
    expect(problems([])).toBeUndefined();
  });

  it('names each bad value at its index, a repeated one at its second occurrence', () => {
    expect(problems([0, 50, 100, 50.5])).toEqual([
      'usage_thresholds.0',
      'usage_thresholds.2',
      'usage_thresholds.3',
    ]);
    expect(problems([50, 70, 50])).toEqual(['usage_thresholds.2']);
  });

  it('refuses a sixth threshold at the list', () => {
    expect(problems([10, 20, 30, 40, 50, 60])).toEqual(['usage_thresholds']);
  });
});
