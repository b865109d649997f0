import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../helpers/app.js';

/** What the walk gives each case: the service, a shared tenant, and MCP sessions by role. */
export interface WalkEnv {
  t: TestApp;
  tenant: { id: string; slug: string; apiKey: string };
  other: { id: string; slug: string; apiKey: string };
  /** A session of the tenant's API key (owner rights, tenant selected). */
  owner: Client;
  /** A session of an admin API key with no tenant selected (tools naming a tenant act there). */
  unselected: Client;
  /** Sessions of tenant users (tenant_login tokens) by role. */
  viewer: Client;
  member: Client;
  /** A unique suffix per case, for names. */
  n: string;
}

export interface WalkCase {
  title: string;
  code: string;
  as?: 'owner' | 'unselected' | 'viewer' | 'member';
  arrange?(env: WalkEnv): Promise<void>;
  tool: string;
  args(env: WalkEnv): Record<string, unknown>;
  /** Something the message must name: a tool or argument (besides the generic guidance check). */
  names?: string;
}

const entity = (name: string, fields: unknown[] = [{ name: 'Nombre', fieldKey: 'nombre', fieldType: 'text', isRequired: true }]) => ({
  definition: { entity: { name }, fields },
  auto_publish: true,
  version_message: 'walk',
});

/**
 * The error walk, by tool family (the groups of the grouped profile): each family's refusals, one
 * case per error code it can answer. `test/mcp/error-walk.test.ts` runs each over MCP and checks
 * the code and that the message guides the agent; it fails for a family of the catalogue without
 * cases.
 */
export const WALK_CASES: Record<string, WalkCase[]> = {
  tenant: [
    { title: 'no tenantSlug', code: 'VALIDATION_ERROR', tool: 'select_tenant', args: () => ({}), names: 'tenantSlug' },
    {
      title: 'unknown tenant',
      code: 'NOT_FOUND',
      tool: 'select_tenant',
      args: () => ({ tenantSlug: 'no-such-tenant' }),
      names: 'list_tenants',
    },
    // Foreign ≡ missing (docs/security.md): another tenant answers as a tenant that does not exist.
    { title: 'a tenant key names another tenant', code: 'NOT_FOUND', tool: 'select_tenant', args: (e) => ({ tenantSlug: e.other.slug }) },
    {
      title: 'a viewer creates a user',
      code: 'FORBIDDEN',
      as: 'viewer',
      tool: 'create_user',
      args: (e) => ({ tenantSlug: e.tenant.slug, email: 'v@walk.example', password: 'walk-password-1', name: 'V' }),
    },
    {
      title: 'wrong password',
      code: 'UNAUTHORIZED',
      tool: 'tenant_login',
      args: (e) => ({ tenantSlug: e.tenant.slug, email: 'viewer@walk.example', password: 'not-the-password' }),
    },
  ],
  schema: [
    {
      title: 'no tenant selected',
      code: 'VALIDATION_ERROR',
      as: 'unselected',
      tool: 'list_entities',
      args: () => ({}),
      names: 'select_tenant',
    },
    { title: 'invalid definition', code: 'VALIDATION_ERROR', tool: 'generate_entity', args: (e) => entity(`Bad Name ${e.n}`) },
    {
      title: 'unknown entity',
      code: 'NOT_FOUND',
      tool: 'get_entity_schema',
      args: () => ({ entityName: 'no_such_entity' }),
      names: 'list_entities',
    },
    {
      title: 'import clashing with an existing entity',
      code: 'CONFLICT',
      arrange: async (e) => {
        await e.owner.callTool({ name: 'generate_entity', arguments: entity(`clash_${e.n}`) });
      },
      tool: 'import_metadata',
      args: (e) => ({
        metadata: {
          entities: [
            { name: `clash_${e.n}`, status: 'published', version: 1, fields: [{ name: 'Otro', fieldKey: 'otro', fieldType: 'number' }] },
          ],
          rules: [],
        },
      }),
      names: 'delete_entity',
    },
    { title: 'a viewer models data', code: 'FORBIDDEN', as: 'viewer', tool: 'generate_entity', args: (e) => entity(`viewer_${e.n}`) },
  ],
  records: [
    {
      title: 'a value of the wrong type',
      code: 'VALIDATION_ERROR',
      tool: 'create_record',
      args: () => ({ entityName: 'walk_items', data: { nombre: 42 } }),
      names: 'nombre',
    },
    {
      title: 'unknown entity',
      code: 'NOT_FOUND',
      tool: 'create_record',
      args: () => ({ entityName: 'no_such_entity', data: {} }),
      names: 'list_entities',
    },
    {
      title: 'unknown record',
      code: 'NOT_FOUND',
      tool: 'get_record',
      args: () => ({ entityName: 'walk_items', id: '00000000-0000-4000-8000-000000000000' }),
    },
    {
      title: 'a unique value taken',
      code: 'CONFLICT',
      arrange: async (e) => {
        await e.owner.callTool({
          name: 'create_record',
          arguments: { entityName: 'walk_items', data: { nombre: `n-${e.n}`, codigo: `c-${e.n}` } },
        });
      },
      tool: 'create_record',
      args: (e) => ({ entityName: 'walk_items', data: { nombre: 'other', codigo: `c-${e.n}` } }),
      names: 'codigo',
    },
    {
      title: 'a viewer writes',
      code: 'FORBIDDEN',
      as: 'viewer',
      tool: 'create_record',
      args: () => ({ entityName: 'walk_items', data: { nombre: 'x' } }),
    },
    {
      title: 'a malformed filter',
      code: 'VALIDATION_ERROR',
      tool: 'query_records',
      args: () => ({ entityName: 'walk_items', filter: 'nombre = ' }),
      names: 'filter',
    },
  ],
  users: [
    {
      title: 'an invalid email',
      code: 'VALIDATION_ERROR',
      tool: 'create_user',
      args: (e) => ({ tenantSlug: e.tenant.slug, email: 'not-an-email', password: 'walk-password-1', name: 'X' }),
      names: 'email',
    },
    {
      title: 'an email taken',
      code: 'CONFLICT',
      tool: 'create_user',
      args: (e) => ({ tenantSlug: e.tenant.slug, email: 'viewer@walk.example', password: 'walk-password-1', name: 'X' }),
      names: 'email',
    },
    {
      title: 'unknown tenant',
      code: 'NOT_FOUND',
      as: 'unselected',
      tool: 'create_user',
      args: () => ({ tenantSlug: 'no-such-tenant', email: 'x@walk.example', password: 'walk-password-1', name: 'X' }),
    },
    { title: 'a member lists users', code: 'FORBIDDEN', as: 'member', tool: 'list_users', args: () => ({}) },
  ],
  api: [
    {
      title: 'no tenant selected',
      code: 'VALIDATION_ERROR',
      as: 'unselected',
      tool: 'get_rest_api_spec',
      args: () => ({}),
      names: 'select_tenant',
    },
  ],
  rules: [
    {
      title: 'an expression naming an unknown field',
      code: 'VALIDATION_ERROR',
      tool: 'create_business_rule',
      args: () => ({
        entityName: 'walk_items',
        triggerType: 'before_save',
        ruleDsl: { compute: { nombre: { type: 'formula', expression: 'nope * 2' } } },
      }),
      names: 'nope',
    },
    {
      title: 'unknown rule',
      code: 'NOT_FOUND',
      tool: 'get_business_rule',
      args: () => ({ ruleId: '00000000-0000-4000-8000-000000000000' }),
      names: 'list_business_rules',
    },
    {
      title: 'a save refused by a published validation',
      code: 'BUSINESS_RULE_ERROR',
      arrange: async (e) => {
        await e.owner.callTool({
          name: 'create_business_rule',
          arguments: {
            entityName: 'walk_items',
            name: `no-x-${e.n}`,
            triggerType: 'before_save',
            ruleDsl: { validate: [{ id: 'not-x', condition: 'nombre != "x"', message: 'nombre may not be x', severity: 'error' }] },
            publish: true,
          },
        });
      },
      tool: 'create_record',
      args: () => ({ entityName: 'walk_items', data: { nombre: 'x' } }),
      names: 'test_business_rule',
    },
    {
      title: 'a viewer creates a rule',
      code: 'FORBIDDEN',
      as: 'viewer',
      tool: 'create_business_rule',
      args: () => ({ entityName: 'walk_items', triggerType: 'before_save', ruleDsl: { transform: { nombre: { type: 'trim' } } } }),
    },
  ],
  channels: [
    {
      title: 'unknown channel',
      code: 'NOT_FOUND',
      tool: 'get_channel_info',
      args: () => ({ channel_slug: 'no-such-channel' }),
      names: 'search_channels',
    },
    {
      title: 'a permission that is neither read nor readwrite',
      code: 'VALIDATION_ERROR',
      tool: 'publish_channel',
      args: (e) => ({ slug: `walk-${e.n}`, name: 'Walk', permissions: { walk_items: 'write' } }),
      names: 'permissions',
    },
    {
      title: 'a tool of an unknown channel',
      code: 'NOT_FOUND',
      tool: 'execute_channel_tool',
      args: () => ({ channel_slug: 'no-such-channel', tool_name: 'list_walk_items', params: {} }),
    },
    {
      title: 'a viewer publishes a channel',
      code: 'FORBIDDEN',
      as: 'viewer',
      tool: 'publish_channel',
      args: (e) => ({ slug: `viewer-${e.n}`, name: 'V', permissions: { walk_items: 'read' } }),
    },
  ],
  sites: [
    {
      title: 'a path climbing out of the site',
      code: 'VALIDATION_ERROR',
      tool: 'deploy_static_site',
      args: (e) => ({ subdomain: `walk-${e.n}`, files: [{ path: '../etc/passwd', content: 'x', encoding: 'utf8' }] }),
      names: 'files',
    },
    {
      title: 'unknown site',
      code: 'NOT_FOUND',
      tool: 'delete_static_site',
      args: () => ({ subdomain: 'no-such-site' }),
      names: 'list_static_sites',
    },
    {
      title: "another tenant's subdomain",
      code: 'CONFLICT',
      arrange: async (e) => {
        await e.t.post(
          '/api/sites',
          { subdomain: `taken-${e.n}`, files: [{ path: 'index.html', content: 'x', encoding: 'utf8' }] },
          { apiKey: e.other.apiKey },
        );
      },
      tool: 'deploy_static_site',
      args: (e) => ({ subdomain: `taken-${e.n}`, files: [{ path: 'index.html', content: 'y', encoding: 'utf8' }] }),
      names: 'subdomain',
    },
    {
      title: 'a viewer deploys',
      code: 'FORBIDDEN',
      as: 'viewer',
      tool: 'deploy_static_site',
      args: (e) => ({ subdomain: `v-${e.n}`, files: [{ path: 'index.html', content: 'x', encoding: 'utf8' }] }),
    },
  ],
  bots: [
    {
      title: 'a wildcard permission',
      code: 'VALIDATION_ERROR',
      tool: 'register_bot',
      args: () => ({ name: 'wild', permissions: { entities: { '*': ['read'] } } }),
      names: 'permissions',
    },
    {
      title: 'a wrong secret',
      code: 'UNAUTHORIZED',
      tool: 'identify_bot',
      args: () => ({ bot_id: 'no-such-bot', secret_key: 'tbot_wrong' }),
    },
    { title: 'unknown bot', code: 'NOT_FOUND', tool: 'revoke_bot', args: () => ({ bot_id: 'no-such-bot' }), names: 'list_bots' },
    { title: 'a member registers a bot', code: 'FORBIDDEN', as: 'member', tool: 'register_bot', args: () => ({ name: 'by-member' }) },
  ],
};
