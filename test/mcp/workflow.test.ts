import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiKey, callTool, connectHttp, connectStdio, ok, startMcpService, type McpTestService } from './helpers.js';

/**
 * The agent workflow over every transport: list tenants → select tenant → generate an entity →
 * publish → add a field and publish again → create records with a relation → query with a filter
 * → export metadata.
 */

async function workflow(client: Client, tenantSlug: string) {
  const tenants = await ok(client, 'list_tenants');
  expect(tenants.map((t: { slug: string }) => t.slug)).toContain(tenantSlug);
  expect((await ok(client, 'select_tenant', { tenantSlug })).tenant.slug).toBe(tenantSlug);

  const generated = await ok(client, 'generate_entity', {
    definition: {
      entity: { name: 'clientes', displayName: 'Clientes' },
      fields: [{ name: 'Nombre', fieldKey: 'nombre', fieldType: 'text', isRequired: true }],
    },
  });
  expect(generated).toMatchObject({ fieldsProcessed: 1, entity: { name: 'clientes' } });
  await ok(client, 'publish_entity', { entityName: 'clientes', version_message: 'first version' });

  await ok(client, 'manage_custom_fields', {
    entityName: 'clientes',
    action: 'add',
    field: { name: 'Ciudad', fieldKey: 'ciudad', fieldType: 'text' },
  });
  await ok(client, 'publish_entity', { entityName: 'clientes', message: 'adds ciudad' });

  await ok(client, 'generate_entity', {
    definition: {
      entity: { name: 'pedidos' },
      fields: [
        { name: 'Total', fieldKey: 'total', fieldType: 'number', isRequired: true },
        { name: 'Cliente', fieldKey: 'cliente', fieldType: 'relation', config: { relatedEntity: 'clientes' } },
      ],
    },
    auto_publish: true,
    version_message: 'orders',
  });

  const ana = await ok(client, 'create_record', { entityName: 'clientes', data: { nombre: 'Ana Núñez', ciudad: 'Málaga' } });
  await ok(client, 'create_record', { entityName: 'clientes', data: { nombre: 'Bo', ciudad: 'Oslo' } });
  await ok(client, 'create_record', { entityName: 'pedidos', data: { total: 120.5, cliente: ana.id } });

  const malaga = await ok(client, 'query_records', { entityName: 'clientes', filter: 'ciudad = "Málaga"' });
  expect(malaga).toMatchObject({ total: 1, page: 1 });
  expect(malaga.data[0].data).toEqual({ nombre: 'Ana Núñez', ciudad: 'Málaga' });

  const orders = await ok(client, 'query_records', { entityName: 'pedidos', filter: 'total >= 100', orderBy: 'total', orderDir: 'desc' });
  expect(orders.total).toBe(1);
  expect(orders.data[0].data.cliente).toMatchObject({ id: ana.id, data: { nombre: 'Ana Núñez' } });

  const exported = await ok(client, 'export_metadata');
  expect(JSON.stringify(exported)).toContain('"clientes"');
  expect(JSON.stringify(exported)).toContain('"ciudad"');
  expect(JSON.stringify(exported)).toContain('"pedidos"');

  const notSelected = await callTool(client, 'query_records', { entityName: 'nope_entity' });
  expect(notSelected).toMatchObject({ isError: true, json: { code: 'NOT_FOUND' } });
}

describe('agent workflow over every transport', () => {
  let s: McpTestService;
  let adminKey: string;
  beforeAll(async () => {
    s = await startMcpService();
    adminKey = await adminApiKey(s.t);
  });
  afterAll(async () => {
    await s.close();
  });

  it.each(['streamable', 'sse'] as const)('over %s HTTP', async (kind) => {
    const tenant = await s.t.createTenant(`Workflow ${kind}`);
    const client = await connectHttp(kind, s.mcpBase, adminKey);
    await workflow(client, tenant.slug);
    await client.close();
  });

  it('over stdio (the real command)', async () => {
    const tenant = await s.t.createTenant('Workflow stdio');
    const { client } = await connectStdio(s.apiUrl, adminKey);
    await workflow(client, tenant.slug);
    await client.close();
  });
});
