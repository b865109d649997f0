import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { PREBUILD_NAMES, PREBUILDS, tenantState } from './helpers.js';

/** Prebuilds through the MCP SDK client: discovery, install, idempotence, dry run, refusals, rules. */
describe('prebuilds over MCP', () => {
  let s: McpTestService;
  let client: Client;
  let as: { apiKey: string };
  beforeAll(async () => {
    s = await startMcpService();
    const tenant = await s.t.createTenant('Mcp Prebuilds');
    as = { apiKey: tenant.apiKey };
    client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
  });
  afterAll(async () => {
    await client.close();
    await s.close();
  });

  it('list_prebuilds and the import_metadata arguments are advertised', async () => {
    const { tools } = await client.listTools();
    const importTool = tools.find((tool) => tool.name === 'import_metadata')!;
    expect(Object.keys(importTool.inputSchema.properties ?? {})).toEqual(['metadata', 'prebuild', 'sampleData', 'dryRun']);
    const listed = await ok(client, 'list_prebuilds');
    expect(listed.map((p: { name: string }) => p.name)).toEqual(PREBUILD_NAMES);
    expect(listed[0]).toEqual({
      name: 'freelancer',
      title: expect.any(String),
      description: expect.any(String),
      entities: PREBUILDS.freelancer.entities,
      rules: PREBUILDS.freelancer.rules,
      sampleRecords: PREBUILDS.freelancer.samples,
    });
  });

  it('an unknown prebuild is refused with the known names, and nothing is written', async () => {
    const answer = await callTool(client, 'import_metadata', { prebuild: 'Taller', sampleData: true });
    expect(answer.isError).toBe(true);
    expect(answer.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Unknown prebuild "Taller"; the prebuilds are: freelancer, taller, tienda',
    });
    const bad = await callTool(client, 'import_metadata', { prebuild: 'taller', dryRun: 'yes' });
    expect([bad.isError, bad.json.code]).toEqual([true, 'VALIDATION_ERROR']);
    expect((await tenantState(s.t, as)).model.entities).toEqual([]);
  });

  it('dryRun writes nothing; install with sample data; a second install changes nothing', async () => {
    const dry = await ok(client, 'import_metadata', { prebuild: 'taller', sampleData: true, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, created: PREBUILDS.taller.entities, rulesImported: PREBUILDS.taller.rules });
    expect((await tenantState(s.t, as)).model.entities).toEqual([]);

    const first = await ok(client, 'import_metadata', { prebuild: 'taller', sampleData: true });
    expect(first).toMatchObject({ dryRun: false, created: PREBUILDS.taller.entities, sampleRecords: dry.sampleRecords });
    const state = await tenantState(s.t, as);
    const second = await ok(client, 'import_metadata', { prebuild: 'taller', sampleData: true });
    expect(second).toMatchObject({ created: [], unchanged: PREBUILDS.taller.entities, rulesImported: 0, sampleRecords: {} });
    expect(second.notes.join(' ')).toMatch(/Sample data skipped/);
    expect(await tenantState(s.t, as)).toEqual(state);
  });

  it("the installed rules run on the tools' saves: a part beyond its stock is refused", async () => {
    const parts = await ok(client, 'query_records', { entityName: 'inventario', filter: 'referencia = "NEU-205-55-16"' });
    const tyre = parts.data[0];
    expect(tyre.data.stock).toBe(6);
    const orders = await ok(client, 'query_records', { entityName: 'ordenes', filter: 'numero = "OR-2026-001"' });
    const order = orders.data[0];
    const refused = await callTool(client, 'create_record', {
      entityName: 'servicios',
      data: { orden: order.id, descripcion: 'Neumáticos', tipo: 'pieza', pieza: tyre.id, cantidad: 7, precio: 85 },
    });
    expect(refused.isError).toBe(true);
    expect(refused.json.code).toBe('BUSINESS_RULE_ERROR');
    await ok(client, 'create_record', {
      entityName: 'servicios',
      data: { orden: order.id, descripcion: 'Neumáticos', tipo: 'pieza', pieza: tyre.id, cantidad: 2, precio: 85 },
    });
    expect((await ok(client, 'get_record', { entityName: 'inventario', id: tyre.id })).data).toMatchObject({ stock: 4 });
    expect((await ok(client, 'get_record', { entityName: 'ordenes', id: order.id })).data).toMatchObject({ subtotal: 329.75, total: 399 });
  });

  it('installing a second prebuild whose clientes differ is a CONFLICT naming clientes; nothing is written', async () => {
    const before = await tenantState(s.t, as);
    const answer = await callTool(client, 'import_metadata', { prebuild: 'freelancer' });
    expect(answer.isError).toBe(true);
    expect(answer.json.code).toBe('CONFLICT');
    expect(answer.json.message).toMatch(/\(clientes\)/);
    expect(await tenantState(s.t, as)).toEqual(before);
  });
});
