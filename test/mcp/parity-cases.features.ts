import type { ParityCase, ParityEnv, ParityTenant } from './parity-harness.js';

/**
 * Parity cases of the entity, record and user tools. Written against their REST bindings and
 * checked on a merge of the feature branches; harmless before (only tools in the catalogue run).
 */

async function restOk(
  env: ParityEnv,
  tn: ParityTenant,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<any> {
  const res = await env.t.request(method, path, body, { apiKey: tn.apiKey });
  if (!res.body?.success) throw new Error(`arrange ${method} ${path} failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const PEOPLE = {
  entity: { name: 'parity_people', displayName: 'People' },
  fields: [
    { name: 'Name', fieldKey: 'name', fieldType: 'text', isRequired: true },
    { name: 'Age', fieldKey: 'age', fieldType: 'number' },
    { name: 'City', fieldKey: 'city', fieldType: 'text' },
  ],
};
const entity = (env: ParityEnv, tn: ParityTenant, publish = true) =>
  restOk(env, tn, 'POST', '/api/entities', { definition: PEOPLE, ...(publish ? { auto_publish: true, version_message: 'v1' } : {}) });

/** Record ids per tenant, for cases that name one. */
const firstRecord = new Map<string, string>();
async function people(env: ParityEnv, tn: ParityTenant) {
  await entity(env, tn);
  const rows = [
    { name: 'Ann', age: 31, city: 'Málaga' },
    { name: 'Bo', age: 25, city: 'Oslo' },
    { name: 'Cy', age: 40, city: 'Málaga' },
  ];
  for (const row of rows) {
    const created = await restOk(env, tn, 'POST', '/api/entities/parity_people/records', row);
    if (!firstRecord.has(tn.id)) firstRecord.set(tn.id, created.id);
  }
}
const recordId = (tn: ParityTenant) => firstRecord.get(tn.id) ?? 'missing';

const USER = { email: 'parity.user@example.com', password: 'parity-password-1', name: 'Parity User' };
const user = (env: ParityEnv, tn: ParityTenant) => restOk(env, tn, 'POST', '/api/auth/tenant/users/provision', USER);

let exported: unknown;
const twin = { as: 'tenant', sides: 'twin' } as const;

export const FEATURE_PARITY_CASES: Record<string, ParityCase[]> = {
  generate_entity: [
    {
      ...twin,
      title: 'published at once',
      args: () => ({ definition: PEOPLE, auto_publish: true, version_message: 'v1' }),
      rest: () => ({ method: 'POST', path: '/api/entities', body: { definition: PEOPLE, auto_publish: true, version_message: 'v1' } }),
    },
    {
      ...twin,
      title: 'bad entity name',
      refused: true,
      args: () => ({ definition: { entity: { name: 'Bad Name' } } }),
      rest: () => ({ method: 'POST', path: '/api/entities', body: { definition: { entity: { name: 'Bad Name' } } } }),
    },
  ],
  list_entities: [
    {
      ...twin,
      title: 'with drafts',
      arrange: (e, tn) => entity(e, tn, false),
      args: () => ({ include_drafts: true }),
      rest: () => ({ method: 'GET', path: '/api/entities?include_drafts=true' }),
    },
  ],
  get_entity_schema: [
    {
      ...twin,
      title: 'published schema',
      arrange: (e, tn) => entity(e, tn),
      args: () => ({ entityName: 'parity_people' }),
      rest: () => ({ method: 'GET', path: '/api/entities/parity_people' }),
    },
    {
      ...twin,
      title: 'unknown entity',
      refused: true,
      args: () => ({ entityName: 'nope' }),
      rest: () => ({ method: 'GET', path: '/api/entities/nope' }),
    },
  ],
  publish_entity: [
    {
      ...twin,
      title: 'draft to version 1',
      arrange: (e, tn) => entity(e, tn, false),
      args: () => ({ entityName: 'parity_people', version_message: 'go' }),
      rest: () => ({ method: 'POST', path: '/api/entities/parity_people/publish', body: { version_message: 'go' } }),
    },
  ],
  delete_entity: [
    {
      ...twin,
      title: 'removes it',
      arrange: (e, tn) => entity(e, tn),
      args: () => ({ entityName: 'parity_people' }),
      rest: () => ({ method: 'DELETE', path: '/api/entities/parity_people' }),
    },
  ],
  list_entity_changes: [
    {
      ...twin,
      title: 'draft of a new entity',
      arrange: (e, tn) => entity(e, tn, false),
      args: () => ({ entityName: 'parity_people' }),
      rest: () => ({ method: 'GET', path: '/api/entities/parity_people/changes' }),
    },
  ],
  manage_custom_fields: [
    {
      ...twin,
      title: 'add a field',
      arrange: (e, tn) => entity(e, tn),
      args: () => ({ entityName: 'parity_people', action: 'add', field: { name: 'Email', fieldKey: 'email', fieldType: 'email' } }),
      rest: () => ({
        method: 'POST',
        path: '/api/entities/parity_people/fields',
        body: { name: 'Email', fieldKey: 'email', fieldType: 'email' },
      }),
    },
    {
      ...twin,
      title: 'list fields',
      arrange: (e, tn) => entity(e, tn),
      args: () => ({ entityName: 'parity_people', action: 'list' }),
      rest: () => ({ method: 'GET', path: '/api/entities/parity_people/fields' }),
    },
  ],
  export_metadata: [
    {
      ...twin,
      title: 'the data model',
      arrange: (e, tn) => entity(e, tn),
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/metadata/export' }),
    },
  ],
  import_metadata: [
    {
      ...twin,
      title: 'an export of another tenant',
      arrange: async (e, tn) => {
        await entity(e, tn);
        exported = await restOk(e, tn, 'GET', '/api/metadata/export');
        await restOk(e, tn, 'DELETE', '/api/entities/parity_people');
      },
      args: () => ({ metadata: exported }),
      rest: () => ({ method: 'POST', path: '/api/metadata/import', body: { metadata: exported } }),
    },
  ],
  query_records: [
    {
      ...twin,
      title: 'filter and order',
      arrange: (e, tn) => people(e, tn),
      args: () => ({ entityName: 'parity_people', filter: 'age >= 30', orderBy: 'age', orderDir: 'desc' }),
      rest: () => ({ method: 'GET', path: '/api/entities/parity_people/records?filter.age.gte=30&sort=age&order=desc' }),
    },
    {
      ...twin,
      title: 'equality on a Unicode value, page 2',
      arrange: (e, tn) => people(e, tn),
      args: () => ({ entityName: 'parity_people', filter: 'city = Málaga', limit: 1, page: 2, orderBy: 'name' }),
      rest: () => ({
        method: 'GET',
        path: `/api/entities/parity_people/records?filter.city=${encodeURIComponent('Málaga')}&limit=1&page=2&sort=name`,
      }),
    },
  ],
  get_record: [
    {
      ...twin,
      title: 'by id',
      arrange: (e, tn) => people(e, tn),
      args: (_e, tn) => ({ entityName: 'parity_people', id: recordId(tn) }),
      rest: (_e, tn) => ({ method: 'GET', path: `/api/entities/parity_people/records/${recordId(tn)}` }),
    },
  ],
  create_record: [
    {
      ...twin,
      title: 'flat body vs data',
      arrange: (e, tn) => entity(e, tn),
      args: () => ({ entityName: 'parity_people', data: { name: 'Dee', age: '52' } }),
      rest: () => ({ method: 'POST', path: '/api/entities/parity_people/records', body: { name: 'Dee', age: '52' } }),
    },
    {
      ...twin,
      title: 'unknown field',
      refused: true,
      arrange: (e, tn) => entity(e, tn),
      args: () => ({ entityName: 'parity_people', data: { name: 'Dee', shoe: 44 } }),
      rest: () => ({ method: 'POST', path: '/api/entities/parity_people/records', body: { name: 'Dee', shoe: 44 } }),
    },
  ],
  update_record: [
    {
      ...twin,
      title: 'partial update',
      arrange: (e, tn) => people(e, tn),
      args: (_e, tn) => ({ entityName: 'parity_people', id: recordId(tn), data: { age: 32 } }),
      rest: (_e, tn) => ({ method: 'PUT', path: `/api/entities/parity_people/records/${recordId(tn)}`, body: { age: 32 } }),
    },
  ],
  delete_record: [
    {
      ...twin,
      title: 'by id',
      arrange: (e, tn) => people(e, tn),
      args: (_e, tn) => ({ entityName: 'parity_people', id: recordId(tn) }),
      rest: (_e, tn) => ({ method: 'DELETE', path: `/api/entities/parity_people/records/${recordId(tn)}` }),
    },
  ],
  search_records_semantic: [
    {
      ...twin,
      title: 'ranked by similarity',
      arrange: (e, tn) => people(e, tn),
      args: () => ({ entityName: 'parity_people', q: 'Ann Málaga', limit: 2 }),
      rest: () => ({
        method: 'GET',
        path: `/api/entities/parity_people/records/search/semantic?q=${encodeURIComponent('Ann Málaga')}&limit=2`,
      }),
    },
  ],
  create_user: [
    {
      ...twin,
      title: 'in the selected tenant',
      args: () => USER,
      rest: () => ({ method: 'POST', path: '/api/auth/tenant/users/provision', body: USER }),
    },
    {
      ...twin,
      title: 'short password',
      refused: true,
      args: () => ({ ...USER, password: 'short' }),
      rest: () => ({ method: 'POST', path: '/api/auth/tenant/users/provision', body: { ...USER, password: 'short' } }),
    },
  ],
  list_users: [
    {
      ...twin,
      title: 'the tenant users',
      arrange: user,
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/auth/tenant/users' }),
    },
  ],
  tenant_login: [
    {
      ...twin,
      title: 'MCP token for a user',
      arrange: user,
      args: (_e, tn) => ({ tenantSlug: tn.slug, email: USER.email, password: USER.password }),
      rest: (_e, tn) => ({
        method: 'POST',
        path: '/api/auth/tenant/mcp-login',
        body: { tenantSlug: tn.slug, email: USER.email, password: USER.password },
      }),
    },
    {
      ...twin,
      title: 'wrong password',
      refused: true,
      arrange: user,
      args: (_e, tn) => ({ tenantSlug: tn.slug, email: USER.email, password: 'wrong-password' }),
      rest: (_e, tn) => ({
        method: 'POST',
        path: '/api/auth/tenant/mcp-login',
        body: { tenantSlug: tn.slug, email: USER.email, password: 'wrong-password' },
      }),
    },
  ],
};
