import type { TestApp } from '../helpers/app.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';

export interface ParityEnv {
  t: TestApp;
  tenant: { id: string; slug: string; apiKey: string };
  adminKey: string;
}

/** One input driven through REST and through MCP; both must answer the same data or error. */
export interface ParityCase {
  title: string;
  /** Credential on both sides. `tenant` = the tenant's API key, `admin` = an admin API key. */
  as: 'tenant' | 'admin';
  /** Tenant chosen on both sides: X-Tenant-ID over REST, select_tenant over MCP. */
  selectTenant?: boolean;
  arrange?(env: ParityEnv): Promise<void>;
  /** MCP tool arguments (REST routes receive what their binding reads). */
  args(env: ParityEnv): Record<string, unknown>;
  rest(env: ParityEnv): { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
  /** Strips what legitimately differs between calls (e.g. generated ids); default identity. */
  normalize?(result: unknown): unknown;
}

/**
 * Parity cases by tool name. The parity test fails for a tool with a REST route and no case here:
 * each feature adds its tools' cases (success and refusal) when it adds the tools.
 */
export const PARITY_CASES: Record<string, ParityCase[]> = {
  list_tenants: [
    { title: 'tenant key sees its tenant', as: 'tenant', args: () => ({}), rest: () => ({ method: 'GET', path: '/api/auth/tenants' }) },
    { title: 'admin key sees all tenants', as: 'admin', args: () => ({}), rest: () => ({ method: 'GET', path: '/api/auth/tenants' }) },
  ],
  select_tenant: [
    {
      title: 'admin key selects by slug',
      as: 'admin',
      args: (e) => ({ tenantSlug: e.tenant.slug }),
      rest: (e) => ({ method: 'POST', path: `/api/auth/tenants/${e.tenant.slug}/select` }),
    },
    {
      title: 'tenant key selects its own tenant by id',
      as: 'tenant',
      args: (e) => ({ tenantSlug: e.tenant.id }),
      rest: (e) => ({ method: 'POST', path: `/api/auth/tenants/${e.tenant.id}/select` }),
    },
    {
      title: 'unknown tenant',
      as: 'admin',
      args: () => ({ tenantSlug: 'no-such-tenant' }),
      rest: () => ({ method: 'POST', path: '/api/auth/tenants/no-such-tenant/select' }),
    },
    {
      title: 'tenant key names another tenant',
      as: 'tenant',
      args: () => ({ tenantSlug: 'parity-other' }),
      rest: () => ({ method: 'POST', path: '/api/auth/tenants/parity-other/select' }),
    },
  ],
  get_rest_api_spec: [
    {
      title: 'published entities of the tenant',
      as: 'tenant',
      arrange: async (e) => {
        await seedPublishedEntity(e.t, e.tenant.id, 'parity_items', [
          { fieldKey: 'label', fieldType: 'text', isRequired: true },
          { fieldKey: 'kind', fieldType: 'select', config: { options: ['a', 'b'] } },
        ]);
      },
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/rest-api-spec' }),
    },
    {
      title: 'admin key with the tenant selected',
      as: 'admin',
      selectTenant: true,
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/rest-api-spec' }),
    },
    {
      title: 'admin key without a tenant',
      as: 'admin',
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/rest-api-spec' }),
    },
  ],
};
