import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_PROFILES, type ToolProfile } from '../../src/transports/mcp/tool-surface.js';
import { Agent } from './agent.js';
import { adminApiKey, connectHttp, connectStdio, startMcpService, type McpTestService } from './helpers.js';

/**
 * The agent workflow over every transport: list tenants → select tenant → generate an entity →
 * publish → add a field and publish again → create records with a relation → query with a filter
 * → a business rule tried with test_business_rule, published, computing and refusing → an aggregate
 * → a static site → a channel published and run from a second tenant → export metadata — in every profile (`grouped` through its group tools, `core` finding the tools
 * it lacks with search_tools) and over every transport.
 */

async function workflow(agent: Agent, tenantSlug: string, label: string, consumerSlug: string) {
  const ok = (name: string, args: Record<string, unknown> = {}) => agent.ok(name, args);
  const tenants = await ok('list_tenants');
  expect(tenants.map((t: { slug: string }) => t.slug)).toContain(tenantSlug);
  expect((await ok('select_tenant', { tenantSlug })).tenant.slug).toBe(tenantSlug);

  const generated = await ok('generate_entity', {
    definition: {
      entity: { name: 'clientes', displayName: 'Clientes' },
      fields: [{ name: 'Nombre', fieldKey: 'nombre', fieldType: 'text', isRequired: true }],
    },
  });
  expect(generated).toMatchObject({ fieldsProcessed: 1, entity: { name: 'clientes' } });
  await ok('publish_entity', { entityName: 'clientes', version_message: 'first version' });

  await ok('manage_custom_fields', {
    entityName: 'clientes',
    action: 'add',
    field: { name: 'Ciudad', fieldKey: 'ciudad', fieldType: 'text' },
  });
  await ok('publish_entity', { entityName: 'clientes', message: 'adds ciudad' });

  await ok('generate_entity', {
    definition: {
      entity: { name: 'pedidos' },
      fields: [
        { name: 'Total', fieldKey: 'total', fieldType: 'number', isRequired: true },
        { name: 'IVA', fieldKey: 'iva', fieldType: 'number' },
        { name: 'Cliente', fieldKey: 'cliente', fieldType: 'relation', config: { relatedEntity: 'clientes' } },
      ],
    },
    auto_publish: true,
    version_message: 'orders',
  });

  // A business rule: tried in the sandbox first, then published; it runs on every save.
  const rule = await ok('create_business_rule', {
    entityName: 'pedidos',
    name: 'IVA y total positivo',
    triggerType: 'before_save',
    ruleDsl: {
      compute: { iva: { type: 'formula', expression: 'round(total * 0.21, 2)' } },
      validate: [{ id: 'positivo', condition: 'total > 0', message: 'El total debe ser positivo', severity: 'error' }],
    },
  });
  const tried = await ok('test_business_rule', { ruleId: rule.id, sampleData: { total: 100 } });
  expect(tried).toMatchObject({ computedValues: { iva: 21 }, errors: [] });
  expect((await ok('test_business_rule', { ruleId: rule.id, sampleData: { total: -1 } })).errors).toHaveLength(1);
  await ok('publish_business_rule', { ruleId: rule.id });

  const ana = await ok('create_record', { entityName: 'clientes', data: { nombre: 'Ana Núñez', ciudad: 'Málaga' } });
  await ok('create_record', { entityName: 'clientes', data: { nombre: 'Bo', ciudad: 'Oslo' } });
  const order = await ok('create_record', { entityName: 'pedidos', data: { total: 120, cliente: ana.id } });
  expect(order.data.iva).toBe(25.2);
  const refused = await agent.call('create_record', { entityName: 'pedidos', data: { total: -5 } });
  expect(refused).toMatchObject({ isError: true, json: { code: 'BUSINESS_RULE_ERROR' } });
  expect(refused.json.message).toContain('test_business_rule');

  const malaga = await ok('query_records', { entityName: 'clientes', filter: 'ciudad = "Málaga"' });
  expect(malaga).toMatchObject({ total: 1, page: 1 });
  expect(malaga.data[0].data).toEqual({ nombre: 'Ana Núñez', ciudad: 'Málaga' });

  const orders = await ok('query_records', { entityName: 'pedidos', filter: 'total >= 100', orderBy: 'total', orderDir: 'desc' });
  expect(orders.total).toBe(1);
  expect(orders.data[0].data.cliente).toMatchObject({ id: ana.id, data: { nombre: 'Ana Núñez' } });

  const sum = await ok('aggregate_records', { entityName: 'pedidos', op: 'sum', field: 'total' });
  expect(sum).toMatchObject({ value: 120, count: 1 });

  const site = await ok('deploy_static_site', {
    subdomain: label,
    files: [{ path: 'index.html', content: '<h1>Pedidos</h1>', encoding: 'utf8' }],
  });
  expect(site.url).toContain(label);
  const sites = await ok('list_static_sites');
  expect(JSON.stringify(sites)).toContain(label);

  // A channel lends clientes to other tenants; a second tenant finds it and runs its tool.
  const channel = `ch-${label}`;
  await ok('publish_channel', { slug: channel, name: `Clientes ${label}`, permissions: { clientes: 'read' } });
  await ok('select_tenant', { tenantSlug: consumerSlug });
  const hits = await ok('search_channels', { query: label });
  expect(JSON.stringify(hits)).toContain(channel);
  const tools = await ok('get_channel_tools', { channel_slug: channel });
  expect(JSON.stringify(tools)).toContain('list_clientes');
  const lent = await ok('execute_channel_tool', { channel_slug: channel, tool_name: 'list_clientes', params: {} });
  expect(JSON.stringify(lent)).toContain('Ana Núñez');
  await ok('select_tenant', { tenantSlug });

  const exported = await ok('export_metadata');
  expect(JSON.stringify(exported)).toContain('"clientes"');
  expect(JSON.stringify(exported)).toContain('"ciudad"');
  expect(JSON.stringify(exported)).toContain('"pedidos"');

  const notSelected = await agent.call('query_records', { entityName: 'nope_entity' });
  expect(notSelected).toMatchObject({ isError: true, json: { code: 'NOT_FOUND' } });
}

describe.each([...TOOL_PROFILES])('agent workflow in profile %s over every transport', (profile: ToolProfile) => {
  let s: McpTestService;
  let adminKey: string;
  beforeAll(async () => {
    s = await startMcpService({ MCP_TOOL_PROFILE: profile });
    adminKey = await adminApiKey(s.t);
  });
  afterAll(async () => {
    await s.close();
  });

  it.each(['streamable', 'sse'] as const)('over %s HTTP', async (kind) => {
    const tenant = await s.t.createTenant(`Workflow ${profile} ${kind}`);
    const consumer = await s.t.createTenant(`Consumer ${profile} ${kind}`);
    const client = await connectHttp(kind, s.mcpBase, adminKey);
    await workflow(new Agent(client, profile), tenant.slug, `wf-${profile}-${kind}`, consumer.slug);
    await client.close();
  });

  it('over stdio (the real command)', async () => {
    const tenant = await s.t.createTenant(`Workflow ${profile} stdio`);
    const consumer = await s.t.createTenant(`Consumer ${profile} stdio`);
    const { client } = await connectStdio(s.apiUrl, adminKey, { MCP_TOOL_PROFILE: profile });
    await workflow(new Agent(client, profile), tenant.slug, `wf-${profile}-stdio`, consumer.slug);
    await client.close();
  });
});
