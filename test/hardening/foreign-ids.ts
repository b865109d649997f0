/**
 * Where a tenant-bound caller can name something of another tenant: every route of
 * `/api/openapi.json` and every MCP tool, each classified here. A probe names one kind of thing
 * (`kind`) in a path, a filter, a relation value or a tool argument; the enumerator
 * (foreign-ids.test.ts) sends it once with tenant A's value and once with a value nothing has, and
 * asserts the two answers are the same. A route or tool without probes says why (`none`). A route
 * or tool missing here fails the test until it is classified.
 */

/** What a probe names. `callerRecord` is a record of the caller's own tenant, foreign to a channel acting in its owner. */
export type IdKind =
  'record' | 'callerRecord' | 'user' | 'bot' | 'rule' | 'apiKey' | 'tenantSlug' | 'tenantId' | 'entity' | 'site' | 'channelTool';

/** Names the probes use that belong to the caller's tenant B (so only the probed value is foreign). */
export interface OwnIds {
  /** B's record of `links` (whose `target` is a relation to `things`). */
  linkB: string;
}

export interface RouteProbe {
  kind: IdKind;
  /** The URL with the probed value in it. */
  url: (id: string, own: OwnIds) => string;
  body?: (id: string, own: OwnIds) => unknown;
}

export interface ToolProbe {
  kind: IdKind;
  args: (id: string, own: OwnIds) => Record<string, unknown>;
}

export type Classified<P> = P[] | { none: string };

const none = (why: string) => ({ none: why });

/** The entities every tenant of the enumerator has: only ids differ between A and B. */
export const THINGS = '/api/entities/things/records';
export const LINKS = '/api/entities/links/records';

/** The channel A publishes (lending `things` for reading) and its built-in tool. */
export const CHANNEL_OF_A = 'fx-chan-a';

const path = (url: (id: string, own: OwnIds) => string) => ({ url });
const entityPath = (rest = '') => path((id) => `/api/entities/${id}${rest}`);
const RULE_DSL = { compute: { total: '1' } };

/** Every route, by `METHOD /path` as the OpenAPI document writes it. */
export const ROUTE_PROBES: Record<string, Classified<RouteProbe>> = {
  'GET /api/health': none('public; names nothing'),
  'POST /api/auth/login': none('public administrator login; names no tenant data'),
  'POST /api/auth/logout': none("ends the caller's own token"),
  'GET /api/auth/me': none('names nothing'),
  'POST /api/auth/tenants': none('administrators only; names a new tenant'),
  'GET /api/auth/tenants': none("lists only the credential's own tenant (tenant-oracle.test.ts)"),
  'POST /api/auth/tenants/{idOrSlug}/select': [
    { kind: 'tenantSlug', ...path((id) => `/api/auth/tenants/${id}/select`), body: () => ({}) },
    { kind: 'tenantId', ...path((id) => `/api/auth/tenants/${id}/select`), body: () => ({}) },
  ],
  'POST /api/auth/api-keys': none("creates a key of the caller's tenant; names nothing"),
  'GET /api/auth/api-keys': none("lists the caller's keys"),
  'DELETE /api/auth/api-keys/{id}': [{ kind: 'apiKey', ...path((id) => `/api/auth/api-keys/${id}`) }],
  'POST /api/entities': none("creates in the caller's tenant; a name A also uses is free in B (test/isolation generate_entity)"),
  'GET /api/entities': none("lists the caller's entities"),
  'GET /api/metadata/entities': none("lists the caller's entities"),
  'GET /api/entities/{entityName}': [{ kind: 'entity', ...entityPath() }],
  'DELETE /api/entities/{entityName}': [{ kind: 'entity', ...entityPath() }],
  'GET /api/metadata/entities/{entityName}': [{ kind: 'entity', ...path((id) => `/api/metadata/entities/${id}`) }],
  'POST /api/entities/{entityName}/publish': [{ kind: 'entity', ...entityPath('/publish'), body: () => ({ version_message: 'probe' }) }],
  'GET /api/entities/{entityName}/changes': [{ kind: 'entity', ...entityPath('/changes') }],
  'PUT /api/entities/{entityName}/indexes': [
    { kind: 'entity', ...entityPath('/indexes'), body: () => ({ indexes: [{ fields: ['label'] }] }) },
  ],
  'POST /api/entities/{entityName}/fields': [
    { kind: 'entity', ...entityPath('/fields'), body: () => ({ field: { name: 'Probe', fieldKey: 'probe', fieldType: 'text' } }) },
  ],
  'GET /api/entities/{entityName}/fields': [{ kind: 'entity', ...entityPath('/fields') }],
  'PUT /api/entities/{entityName}/fields/{fieldKey}': [
    { kind: 'entity', ...entityPath('/fields/label'), body: () => ({ name: 'Renamed' }) },
  ],
  'DELETE /api/entities/{entityName}/fields/{fieldKey}': [{ kind: 'entity', ...entityPath('/fields/label') }],
  'GET /api/metadata/export': none("exports the caller's tenant"),
  'POST /api/metadata/import': none("imports into the caller's tenant by name; names nothing of another"),
  'POST /api/prebuilds/{name}/install': none('a prebuild name is a global catalogue entry, not tenant data'),
  'GET /api/entities/{entityName}/records': [
    { kind: 'entity', ...entityPath('/records') },
    { kind: 'record', ...path((id) => `${THINGS}?filter.id=${id}`) },
    { kind: 'record', ...path((id) => `${LINKS}?filter.target=${id}&resolve=true`) },
    { kind: 'record', ...path((id) => `${LINKS}?filter.target.in=${id}`) },
  ],
  'POST /api/entities/{entityName}/records': [
    { kind: 'entity', ...entityPath('/records'), body: () => ({ label: 'probe' }) },
    { kind: 'record', ...path(() => LINKS), body: (id) => ({ target: id }) },
  ],
  'GET /api/entities/{entityName}/records/{id}': [
    { kind: 'record', ...path((id) => `${THINGS}/${id}?resolve=true`) },
    { kind: 'entity', ...path((id, own) => `/api/entities/${id}/records/${own.linkB}`) },
  ],
  'PUT /api/entities/{entityName}/records/{id}': [
    { kind: 'record', ...path((id) => `${THINGS}/${id}`), body: () => ({ label: 'hijacked' }) },
    { kind: 'record', ...path((_id, own) => `${LINKS}/${own.linkB}`), body: (id) => ({ target: id }) },
  ],
  'PATCH /api/entities/{entityName}/records/{id}': [
    { kind: 'record', ...path((id) => `${THINGS}/${id}`), body: () => ({ label: 'hijacked' }) },
    { kind: 'record', ...path((_id, own) => `${LINKS}/${own.linkB}`), body: (id) => ({ target: id }) },
  ],
  'DELETE /api/entities/{entityName}/records/{id}': [{ kind: 'record', ...path((id) => `${THINGS}/${id}`) }],
  'GET /api/entities/{entityName}/records/search/semantic': [{ kind: 'entity', ...entityPath('/records/search/semantic?q=secret') }],
  'GET /api/entities/{entityName}/records/aggregate': [
    { kind: 'entity', ...entityPath('/records/aggregate?op=count') },
    { kind: 'record', ...path((id) => `${THINGS}/aggregate?op=count&filter.id=${id}`) },
    { kind: 'record', ...path((id) => `${LINKS}/aggregate?op=count&groupBy=target&filter.target=${id}`) },
  ],
  'POST /api/auth/tenant/login': none('public; a user names its tenant to log in (docs/security.md "Tenant existence")'),
  'POST /api/auth/tenant/mcp-login': none('public; a user names its tenant to log in'),
  'POST /api/auth/tenant/logout': none("ends the caller's own session"),
  'POST /api/auth/tenant/mcp-logout': none('the token in the body is its own authority'),
  'GET /api/auth/tenant/me': none('names nothing'),
  'POST /api/auth/tenant/users/provision': [
    { kind: 'tenantSlug', ...path(() => '/api/auth/tenant/users/provision'), body: (id) => provision(id) },
    { kind: 'tenantId', ...path(() => '/api/auth/tenant/users/provision'), body: (id) => provision(id) },
  ],
  'POST /api/auth/tenant/users': none("creates in the caller's tenant; an email A also uses is free in B (test/isolation)"),
  'GET /api/auth/tenant/users': none("lists the caller's users"),
  'GET /api/auth/tenant/users/{id}': [{ kind: 'user', ...path((id) => `/api/auth/tenant/users/${id}`) }],
  'PUT /api/auth/tenant/users/{id}': [
    { kind: 'user', ...path((id) => `/api/auth/tenant/users/${id}`), body: () => ({ name: 'Hijacked' }) },
  ],
  'PATCH /api/auth/tenant/users/{id}': [
    { kind: 'user', ...path((id) => `/api/auth/tenant/users/${id}`), body: () => ({ role: 'owner', isActive: false }) },
  ],
  'DELETE /api/auth/tenant/users/{id}': [{ kind: 'user', ...path((id) => `/api/auth/tenant/users/${id}`) }],
  'GET /api/auth/tenant/users/{id}/rights': [{ kind: 'user', ...path((id) => `/api/auth/tenant/users/${id}/rights`) }],
  'PUT /api/auth/tenant/users/{id}/password': [
    { kind: 'user', ...path((id) => `/api/auth/tenant/users/${id}/password`), body: () => ({ password: 'taken-over-1' }) },
  ],
  'GET /api/rest-api-spec': none("the caller's own API"),
  'GET /api/rest-api-client': none("the caller's own API"),
  'POST /api/my-channel': none("publishes the caller's own channel"),
  'PATCH /api/my-channel': none("the caller's own channel"),
  'DELETE /api/my-channel': none("the caller's own channel"),
  'GET /api/my-channel': none("the caller's own channel"),
  'PUT /api/my-channel/permissions': [
    { kind: 'entity', ...path(() => '/api/my-channel/permissions'), body: (id) => ({ permissions: { [id]: 'read' } }) },
  ],
  'POST /api/my-channel/tools': [{ kind: 'entity', ...path(() => '/api/my-channel/tools'), body: (id) => channelTool(id, 'fx_probe') }],
  'PUT /api/my-channel/tools/{tool_name}': [
    { kind: 'channelTool', ...path((id) => `/api/my-channel/tools/${id}`), body: () => channelToolChange() },
  ],
  'DELETE /api/my-channel/tools/{tool_name}': [{ kind: 'channelTool', ...path((id) => `/api/my-channel/tools/${id}`) }],
  'GET /api/channels': none('the public channel directory'),
  'GET /api/channels/{channel_slug}': none('channels are published to be found (docs/channels.md)'),
  'GET /api/channels/{channel_slug}/tools': none('channels are published to be found'),
  // The channel credential: A's channel acts in A, so a record of the caller's own tenant is foreign there.
  'POST /api/channels/{channel_slug}/tools/{tool_name}/execute': [
    { kind: 'callerRecord', ...path(() => `/api/channels/${CHANNEL_OF_A}/tools/get_things/execute`), body: (id) => ({ id }) },
  ],
  'GET /api/my-channel/audit': [
    { kind: 'tenantSlug', ...path((id) => `/api/my-channel/audit?caller_tenant=${id}`) },
    { kind: 'tenantId', ...path((id) => `/api/my-channel/audit?caller_tenant=${id}`) },
  ],
  'POST /api/bots': none("registers in the caller's tenant"),
  'GET /api/bots': none("lists the caller's bots"),
  'POST /api/bots/identify': none("public: the secret is the credential (a wrong one counts toward the bot's lockout, test/bots)"),
  'GET /api/bots/me': none('names nothing'),
  'DELETE /api/bots/{bot_id}': [{ kind: 'bot', ...path((id) => `/api/bots/${id}`) }],
  'POST /api/bots/{bot_id}/reset-secret': [{ kind: 'bot', ...path((id) => `/api/bots/${id}/reset-secret`), body: () => ({}) }],
  'POST /api/entities/{entityName}/rules': [{ kind: 'entity', ...entityPath('/rules'), body: () => ({ ruleDsl: RULE_DSL }) }],
  'GET /api/entities/{entityName}/rules': [{ kind: 'entity', ...entityPath('/rules') }],
  'GET /api/rules': none("lists the caller's rules"),
  'GET /api/rules/{ruleId}': [{ kind: 'rule', ...path((id) => `/api/rules/${id}`) }],
  'DELETE /api/rules/{ruleId}': [{ kind: 'rule', ...path((id) => `/api/rules/${id}`) }],
  'POST /api/rules/{ruleId}/publish': [{ kind: 'rule', ...path((id) => `/api/rules/${id}/publish`), body: () => ({}) }],
  'POST /api/rules/test': [{ kind: 'rule', ...path(() => '/api/rules/test'), body: (id) => ({ ruleId: id, sampleData: { qty: 1 } }) }],
  'GET /api/rule-runs': [
    { kind: 'rule', ...path((id) => `/api/rule-runs?ruleId=${id}`) },
    { kind: 'record', ...path((id) => `/api/rule-runs?recordId=${id}`) },
    { kind: 'entity', ...path((id) => `/api/rule-runs?entityName=${id}`) },
  ],
  'POST /api/entities/{entityName}/rules/generate': [{ kind: 'entity', ...entityPath('/rules/generate'), body: () => ({ dsl: RULE_DSL }) }],
  'POST /api/sites': none('subdomains are global names: a taken one answers 409 CONFLICT by design (docs/sites.md)'),
  'GET /api/sites': none("lists the caller's sites"),
  'DELETE /api/sites/{subdomain}': [{ kind: 'site', ...path((id) => `/api/sites/${id}`) }],
  'POST /api/sites/{subdomain}/rollback': [{ kind: 'site', ...path((id) => `/api/sites/${id}/rollback`), body: () => ({ version: 1 }) }],
  'GET /api/prebuilds': none('the global prebuild catalogue'),
  'POST /api/tools/{name}': [
    { kind: 'record', ...path(() => '/api/tools/get_record'), body: (id) => ({ entityName: 'things', id }) },
    { kind: 'entity', ...path(() => '/api/tools/get_entity_schema'), body: (id) => ({ entityName: id }) },
  ],
  'GET /api/openapi.json': none('the service description'),
  'POST /api/oauth/token': none(
    "a bot's client credentials: an unknown bot and a wrong secret answer the same 401 invalid_client (test/bots/oauth.test.ts)",
  ),
};

function provision(tenant: string) {
  return { tenantSlug: tenant, email: 'probe@foreign.example', password: 'probe-pass-1', name: 'Probe' };
}

function channelTool(entity: string, name: string) {
  return {
    tool_name: name,
    description: 'probe',
    params: { type: 'object', properties: {} },
    action: { type: 'query', entity, filters: [] },
  };
}

function channelToolChange() {
  const { description, params, action } = channelTool('things', 'unused');
  return { description, params, action };
}

const tool = (kind: IdKind, args: ToolProbe['args']): ToolProbe => ({ kind, args });

/** Every MCP tool of the `all` profile (and `search_tools`), by name. */
export const TOOL_PROBES: Record<string, Classified<ToolProbe>> = {
  search_tools: none('searches the tool catalogue'),
  list_tenants: none("lists only the credential's own tenant"),
  select_tenant: [tool('tenantSlug', (id) => ({ tenantSlug: id })), tool('tenantId', (id) => ({ tenantSlug: id }))],
  generate_entity: none("creates in the caller's tenant"),
  list_entities: none("lists the caller's entities"),
  get_entity_schema: [tool('entity', (id) => ({ entityName: id }))],
  delete_entity: [tool('entity', (id) => ({ entityName: id }))],
  list_entity_changes: [tool('entity', (id) => ({ entityName: id }))],
  publish_entity: [tool('entity', (id) => ({ entityName: id, version_message: 'probe' }))],
  manage_custom_fields: [
    tool('entity', (id) => ({ entityName: id, action: 'list' })),
    tool('entity', (id) => ({ entityName: id, action: 'delete', fieldKey: 'label' })),
  ],
  export_metadata: none("exports the caller's tenant"),
  import_metadata: none("imports into the caller's tenant by name"),
  create_record: [
    tool('entity', (id) => ({ entityName: id, data: { label: 'probe' } })),
    tool('record', (id) => ({ entityName: 'links', data: { target: id } })),
  ],
  get_record: [tool('record', (id) => ({ entityName: 'things', id, resolve: true }))],
  update_record: [
    tool('record', (id) => ({ entityName: 'things', id, data: { label: 'hijacked' } })),
    tool('record', (id, own) => ({ entityName: 'links', id: own.linkB, data: { target: id } })),
  ],
  delete_record: [tool('record', (id) => ({ entityName: 'things', id }))],
  query_records: [
    tool('entity', (id) => ({ entityName: id })),
    tool('record', (id) => ({ entityName: 'things', filter: { id } })),
    tool('record', (id) => ({ entityName: 'links', filter: { target: id }, resolve: true })),
  ],
  search_records_semantic: [tool('entity', (id) => ({ entityName: id, q: 'secret' }))],
  aggregate_records: [
    tool('entity', (id) => ({ entityName: id, op: 'count' })),
    tool('record', (id) => ({ entityName: 'things', op: 'count', filter: { id } })),
  ],
  create_user: [tool('tenantSlug', provision), tool('tenantId', provision)],
  tenant_login: none('public; a user names its tenant to log in'),
  tenant_logout: none("ends the caller's own session"),
  list_users: none("lists the caller's users"),
  generate_api_client: none("the caller's own API"),
  get_rest_api_spec: none("the caller's own API"),
  get_my_channel: none("the caller's own channel"),
  publish_channel: none("publishes the caller's own channel"),
  unpublish_channel: none("the caller's own channel"),
  update_channel: none("the caller's own channel"),
  set_channel_permissions: [tool('entity', (id) => ({ permissions: { [id]: 'read' } }))],
  define_channel_tool: [tool('entity', (id) => channelTool(id, 'fx_probe'))],
  update_channel_tool: [tool('channelTool', (id) => ({ tool_name: id, ...channelToolChange() }))],
  remove_channel_tool: [tool('channelTool', (id) => ({ tool_name: id }))],
  search_channels: none('the public channel directory'),
  get_channel_info: none('channels are published to be found'),
  get_channel_tools: none('channels are published to be found'),
  execute_channel_tool: [tool('callerRecord', (id) => ({ channel_slug: CHANNEL_OF_A, tool_name: 'get_things', params: { id } }))],
  list_channel_audit: [tool('tenantSlug', (id) => ({ caller_tenant: id })), tool('tenantId', (id) => ({ caller_tenant: id }))],
  identify_bot: none('public: the secret is the credential'),
  register_bot: none("registers in the caller's tenant"),
  list_bots: none("lists the caller's bots"),
  whoami_bot: none('names nothing'),
  revoke_bot: [tool('bot', (id) => ({ bot_id: id }))],
  reset_bot_secret: [tool('bot', (id) => ({ bot_id: id }))],
  create_business_rule: [tool('entity', (id) => ({ entityName: id, ruleDsl: RULE_DSL }))],
  generate_business_rule: [tool('entity', (id) => ({ entityName: id, dsl: RULE_DSL }))],
  get_business_rule: [tool('rule', (id) => ({ ruleId: id }))],
  delete_business_rule: [tool('rule', (id) => ({ ruleId: id }))],
  publish_business_rule: [tool('rule', (id) => ({ ruleId: id }))],
  test_business_rule: [tool('rule', (id) => ({ ruleId: id, sampleData: { qty: 1 } }))],
  list_business_rules: [tool('entity', (id) => ({ entityName: id }))],
  list_rule_runs: [
    tool('rule', (id) => ({ ruleId: id })),
    tool('record', (id) => ({ recordId: id })),
    tool('entity', (id) => ({ entityName: id })),
  ],
  deploy_static_site: none('subdomains are global names: a taken one answers CONFLICT by design'),
  list_static_sites: none("lists the caller's sites"),
  delete_static_site: [tool('site', (id) => ({ subdomain: id }))],
  rollback_static_site: [tool('site', (id) => ({ subdomain: id, version: 1 }))],
  list_prebuilds: none('the global prebuild catalogue'),
};
