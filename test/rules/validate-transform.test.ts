import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, startMcpService, type McpTestService } from '../mcp/helpers.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { withTenant } from '../../src/db/with-tenant.js';
import { createEntities } from './fixture.js';

describe('validations, transforms and the save order', () => {
  let s: McpTestService;
  let client: Client;
  let as: { apiKey: string };
  let tenantId: string;
  const rule = async (entity: string, body: Record<string, unknown>) => {
    const res = await s.t.post(`/api/entities/${entity}/rules`, { publish: true, ...body }, as);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const records = () =>
    withTenant(s.t.db, tenantId, { readOnly: true }, async (tx) =>
      (await tx.query('select data from records where tenant_id = $1', [tenantId])).map((r) => r.data),
    );

  beforeAll(async () => {
    s = await startMcpService();
    const tenant = await s.t.createTenant('Validate Co');
    tenantId = tenant.id;
    as = { apiKey: tenant.apiKey };
    await createEntities(s.t, as);
    client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
  });
  afterAll(async () => {
    await client.close();
    await s.close();
  });

  it('severity error: 400 BUSINESS_RULE_ERROR naming the rule id, nothing written (create and update)', async () => {
    const r = await rule('products', {
      ruleDsl: { validate: [{ id: 'price_positive', condition: 'price > 0', message: 'Price must be positive' }] },
    });
    const before = await records();
    const res = await s.t.post('/api/entities/products/records', { title: 'Free', price: 0 }, as);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('BUSINESS_RULE_ERROR');
    expect(res.body.error.message).toContain(r.id);
    expect(res.body.error.message).toContain('Price must be positive');
    expect(res.body.error.details).toEqual([{ ruleId: r.id, id: 'price_positive', message: 'Price must be positive', severity: 'error' }]);
    expect(await records()).toEqual(before);

    const ok = await s.t.post('/api/entities/products/records', { title: 'Pen', price: 2 }, as);
    expect(ok.status).toBe(201);
    const bad = await s.t.patch(`/api/entities/products/records/${ok.body.data.id}`, { price: -1 }, as);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BUSINESS_RULE_ERROR');
    expect((await s.t.get(`/api/entities/products/records/${ok.body.data.id}`, as)).body.data.data.price).toBe(2);

    // Over MCP the same refusal is an isError result with the code.
    const tool = await callTool(client, 'create_record', { entityName: 'products', data: { title: 'Free', price: 0 } });
    expect(tool.isError).toBe(true);
    expect(tool.json.code).toBe('BUSINESS_RULE_ERROR');
  });

  it('severities warning and info let the save through and are reported beside data (REST and MCP)', async () => {
    const r = await rule('products', {
      ruleDsl: {
        validate: [
          { id: 'low_stock', condition: 'stock >= 5', message: 'Stock is low', severity: 'warning' },
          { id: 'no_stock', condition: 'stock != 0', message: 'Out of stock', severity: 'info' },
        ],
      },
    });
    const res = await s.t.post('/api/entities/products/records', { title: 'Cup', price: 3, stock: 0 }, as);
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([
      { ruleId: r.id, id: 'low_stock', message: 'Stock is low', severity: 'warning' },
      { ruleId: r.id, id: 'no_stock', message: 'Out of stock', severity: 'info' },
    ]);
    const tool = await client.callTool({
      name: 'create_record',
      arguments: { entityName: 'products', data: { title: 'Mug', price: 3, stock: 1 } },
    });
    expect(tool.isError).toBeFalsy();
    const texts = (tool.content as Array<{ text: string }>).map((c) => JSON.parse(c.text));
    expect(texts[1]).toEqual({ warnings: [{ ruleId: r.id, id: 'low_stock', message: 'Stock is low', severity: 'warning' }] });
    const fine = await s.t.post('/api/entities/products/records', { title: 'Box', price: 3, stock: 9 }, as);
    expect(fine.body.warnings).toBeUndefined();
  });

  it('transforms client values (lowercase, uppercase, trim, default) and computed values (round)', async () => {
    await rule('invoices', {
      ruleDsl: {
        transform: {
          email: { type: 'lowercase' },
          code: 'trim',
          label: { type: 'uppercase' },
          status: { type: 'default', value: 'draft' },
          tax: { type: 'round', decimals: 2 },
        },
        compute: { tax: 'subtotal * tax_rate / 100' },
      },
    });
    const res = await s.t.post(
      '/api/entities/invoices/records',
      { email: '  Ana@Example.COM', code: '  A-7 ', label: 'vip', subtotal: 10.01, tax_rate: 21 },
      as,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.data).toMatchObject({ email: '  ana@example.com', code: 'A-7', label: 'VIP', status: 'draft', tax: 2.1 });
  });

  it('runs in the save order: transform → compute → transform computed → schema validation → rule validation', async () => {
    await rule('invoices', {
      ruleDsl: {
        // Reads the trimmed code (transform before compute), replaces the client's total (computed values win).
        compute: { total: "if(code = 'ORDER', 1000, 1) + 0.456" },
        transform: { total: { type: 'round', decimals: 1 } },
        // Sees the computed, rounded total.
        validate: [{ id: 'cap', condition: 'total < 1000.5', message: 'Over the cap' }],
      },
    });
    const low = await s.t.post('/api/entities/invoices/records', { code: ' ORDER2 ', total: 5 }, as);
    expect(low.body.data.data.total).toBe(1.5);
    const refused = await s.t.post('/api/entities/invoices/records', { code: ' ORDER ' }, as);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'BUSINESS_RULE_ERROR', details: [{ id: 'cap' }] });
    // Schema validation comes before rule validation: a bad type is a VALIDATION_ERROR, even when a rule would refuse.
    const both = await s.t.post('/api/entities/invoices/records', { code: ' ORDER ', subtotal: 'lots' }, as);
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('only published rules run; publishing and deleting take effect at once', async () => {
    const draft = (await s.t.post('/api/entities/invoice_lines/rules', { ruleDsl: { compute: { amount: 'qty * 10' } } }, as)).body.data;
    const before = await s.t.post('/api/entities/invoice_lines/records', { qty: 2 }, as);
    expect(before.body.data.data.amount).toBeUndefined();
    await s.t.post(`/api/rules/${draft.id}/publish`, {}, as);
    const after = await s.t.post('/api/entities/invoice_lines/records', { qty: 2 }, as);
    expect(after.body.data.data.amount).toBe(20);
    await s.t.delete(`/api/rules/${draft.id}`, as);
    const gone = await s.t.post('/api/entities/invoice_lines/records', { qty: 2 }, as);
    expect(gone.body.data.data.amount).toBeUndefined();
  });

  it('field_change runs when a trigger field is set on create or changes on update; before_save always', async () => {
    await rule('invoice_lines', { triggerType: 'field_change', triggerFields: ['qty'], ruleDsl: { compute: { amount: 'qty * price' } } });
    const line = await s.t.post('/api/entities/invoice_lines/records', { qty: 2, price: 5 }, as);
    expect(line.body.data.data.amount).toBe(10);
    const id = line.body.data.id;
    // price changes, qty does not: the rule does not run, amount keeps its value.
    expect((await s.t.patch(`/api/entities/invoice_lines/records/${id}`, { price: 7 }, as)).body.data.data.amount).toBe(10);
    // qty given with the same value: no change, no run.
    expect((await s.t.patch(`/api/entities/invoice_lines/records/${id}`, { qty: 2, price: 8 }, as)).body.data.data.amount).toBe(10);
    expect((await s.t.patch(`/api/entities/invoice_lines/records/${id}`, { qty: 3 }, as)).body.data.data.amount).toBe(24);
    // Not set on create: no run.
    expect((await s.t.post('/api/entities/invoice_lines/records', { price: 5 }, as)).body.data.data.amount).toBeUndefined();
  });
});
