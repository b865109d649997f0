import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { AGGREGATE_PARITY_CASES } from './parity-cases.aggregates.js';
import { CHANNEL_PARITY_CASES } from './parity-cases.channels.js';
import { BOT_PARITY_CASES } from './parity-cases.bots.js';
import { FEATURE_PARITY_CASES } from './parity-cases.features.js';
import { PREBUILD_PARITY_CASES } from './parity-cases.prebuilds.js';
import { RULE_GENERATION_PARITY_CASES } from './parity-cases.rule-generation.js';
import { RULE_PARITY_CASES } from './parity-cases.rules.js';
import type { ParityCase } from './parity-harness.js';
import { SITE_PARITY_CASES } from './parity-cases.sites.js';

/**
 * Parity cases by tool name. The parity test fails for a tool with a REST route and no case here:
 * each feature adds its tools' cases (success and refusal) when it adds the tools.
 */
export const PARITY_CASES: Record<string, ParityCase[]> = {
  ...FEATURE_PARITY_CASES,
  ...RULE_GENERATION_PARITY_CASES,
  ...AGGREGATE_PARITY_CASES,
  ...CHANNEL_PARITY_CASES,
  ...BOT_PARITY_CASES,
  ...RULE_PARITY_CASES,
  ...SITE_PARITY_CASES,
  ...PREBUILD_PARITY_CASES,
  import_metadata: [...(FEATURE_PARITY_CASES.import_metadata ?? []), ...(PREBUILD_PARITY_CASES.import_metadata ?? [])],
  list_tenants: [
    { title: 'tenant key sees its tenant', as: 'tenant', args: () => ({}), rest: () => ({ method: 'GET', path: '/api/auth/tenants' }) },
    { title: 'admin key sees all tenants', as: 'admin', args: () => ({}), rest: () => ({ method: 'GET', path: '/api/auth/tenants' }) },
  ],
  select_tenant: [
    {
      title: 'admin key selects by slug',
      as: 'admin',
      args: (_e, tn) => ({ tenantSlug: tn.slug }),
      rest: (_e, tn) => ({ method: 'POST', path: `/api/auth/tenants/${tn.slug}/select` }),
    },
    {
      title: 'tenant key selects its own tenant by id',
      as: 'tenant',
      args: (_e, tn) => ({ tenantSlug: tn.id }),
      rest: (_e, tn) => ({ method: 'POST', path: `/api/auth/tenants/${tn.id}/select` }),
    },
    {
      title: 'unknown tenant',
      refused: true,
      as: 'admin',
      args: () => ({ tenantSlug: 'no-such-tenant' }),
      rest: () => ({ method: 'POST', path: '/api/auth/tenants/no-such-tenant/select' }),
    },
    {
      title: 'tenant key names another tenant',
      refused: true,
      as: 'tenant',
      args: () => ({ tenantSlug: 'parity-other' }),
      rest: () => ({ method: 'POST', path: '/api/auth/tenants/parity-other/select' }),
    },
  ],
  tenant_logout: [
    {
      title: 'an API key has no user session to end',
      refused: true,
      as: 'tenant',
      args: () => ({}),
      rest: () => ({ method: 'POST', path: '/api/auth/tenant/logout' }),
      worded: { rest: /POST \/api\/auth\/tenant\/login/, mcp: /from tenant_login/ },
    },
  ],
  generate_api_client: [
    {
      title: "a client of the tenant's published entities",
      as: 'tenant',
      arrange: async (e, tn) => {
        await seedPublishedEntity(e.t, tn.id, 'parity_things', [{ fieldKey: 'label', fieldType: 'text', isRequired: true }]);
      },
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/rest-api-client' }),
    },
  ],
  get_rest_api_spec: [
    {
      title: 'published entities of the tenant',
      as: 'tenant',
      arrange: async (e, tn) => {
        await seedPublishedEntity(e.t, tn.id, 'parity_items', [
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
      refused: true,
      worded: { rest: /send the X-Tenant-ID header/, mcp: /call select_tenant first/ },
      as: 'admin',
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/rest-api-spec' }),
    },
  ],
};
