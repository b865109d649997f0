import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import { isTenantOperation } from '../../src/operations/core/operation.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ISOLATION_SCENARIOS } from './index.js';
import type { TenantHandle } from './scenario.js';

const tenantOperations = OPERATIONS.filter(isTenantOperation).map((op) => op.name);
/**
 * Operations that act in a tenant without being tenant operations (channel owners write the global
 * channel directory; consumers reach another tenant's channel): those with a scenario run it too,
 * and every channel operation must have one.
 */
const otherOperations = OPERATIONS.filter((op) => !isTenantOperation(op) && ISOLATION_SCENARIOS[op.name]).map((op) => op.name);
const channelOperations = OPERATIONS.filter((op) => /channel/.test(op.name)).map((op) => op.name);

describe('tenant isolation of every tenant-scoped operation', () => {
  let t: TestApp;
  let a: TenantHandle;
  let b: TenantHandle;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createTenant('Tenant A');
    b = await t.createTenant('Tenant B');
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a scenario for every tenant-scoped operation of the catalogue', () => {
    const missing = tenantOperations.filter((name) => !ISOLATION_SCENARIOS[name]);
    expect(missing, 'tenant operations without an isolation scenario (test/isolation)').toEqual([]);
  });

  it('has a scenario for every channel operation', () => {
    expect(channelOperations.filter((name) => !ISOLATION_SCENARIOS[name])).toEqual([]);
  });

  it.each([...tenantOperations, ...otherOperations])('%s', async (name) => {
    const scenario = ISOLATION_SCENARIOS[name];
    expect(scenario).toBeDefined();
    await scenario!({ t, a, b });
  });
});
