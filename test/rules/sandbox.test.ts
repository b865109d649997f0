import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createEntities } from './fixture.js';
import { withTenant } from '../../src/db/with-tenant.js';

describe('test_business_rule: any rule on sample data, nothing persisted', () => {
  let s: McpTestService;
  let client: Client;
  let as: { apiKey: string };
  let tenantId: string;
  let productId: string;
  let invoiceId: string;
  const counts = () =>
    withTenant(s.t.db, tenantId, { readOnly: true }, async (tx) => {
      const [row] = await tx.query<{ rules: number; records: number }>(
        `select (select count(*)::int from business_rules where tenant_id = $1) as rules,
                (select count(*)::int from records where tenant_id = $1) as records`,
        [tenantId],
      );
      return row!;
    });

  beforeAll(async () => {
    s = await startMcpService();
    const tenant = await s.t.createTenant('Sandbox Co');
    tenantId = tenant.id;
    as = { apiKey: tenant.apiKey };
    await createEntities(s.t, as);
    productId = (await s.t.post('/api/entities/products/records', { title: 'Lamp', price: 12.5, stock: 3 }, as)).body.data.id;
    invoiceId = (await s.t.post('/api/entities/invoices/records', { code: 'A-1' }, as)).body.data.id;
    for (const amount of [10, 32.5]) await s.t.post('/api/entities/invoice_lines/records', { invoice: invoiceId, qty: 1, amount }, as);
    client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
  });
  afterAll(async () => {
    await client.close();
    await s.close();
  });

  it('runs every compute kind, transforms, validations and planned actions, and answers the §8 shape', async () => {
    const before = await counts();
    const res = await s.t.post(
      '/api/rules/test',
      {
        entityName: 'invoices',
        triggerType: 'after_save',
        ruleDsl: {
          compute: {
            subtotal: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'sum', field: 'amount', filter: { invoice: 'id' } },
            lines: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'count', filter: { invoice: 'id' } },
            tax: 'subtotal * tax_rate / 100',
            total: 'subtotal + tax',
            status: { type: 'conditional', conditions: [{ when: 'total > 100', then: "'big'" }], default: "'small'" },
            discount: { type: 'lookup', entity: 'products', matchField: 'id', matchValue: 'label', resultField: 'price' },
          },
          transform: { email: { type: 'lowercase' }, tax: { type: 'round', decimals: 2 } },
          validate: [
            { id: 'has_lines', condition: 'lines > 0', message: 'An invoice needs lines' },
            { id: 'small', condition: 'total < 10', message: 'Large invoice', severity: 'warning' },
          ],
          actions: [{ type: 'update_related', entity: 'products', recordId: 'label', data: { stock: 'lines' } }],
        },
        sampleData: { id: invoiceId, email: 'A@B.COM', tax_rate: 21.3, label: productId },
      },
      as,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      computedValues: { subtotal: 42.5, lines: 2, tax: 9.05, total: 51.5525, status: 'small', discount: 12.5 },
      transformedValues: { email: 'a@b.com', tax: 9.05 },
      errors: [],
      warnings: [{ id: 'small', message: 'Large invoice', severity: 'warning' }],
      actions: [{ type: 'update_related', entity: 'products', recordId: productId, data: { stock: 2 } }],
      record: expect.objectContaining({ email: 'a@b.com', total: 51.5525 }),
    });
    expect(await counts()).toEqual(before);
  });

  it('reports failing validations as errors, and a stored rule by ruleId (MCP, with the testData alias)', async () => {
    const rule = await ok(client, 'create_business_rule', {
      entityName: 'invoices',
      triggerType: 'before_save',
      ruleDsl: {
        validate: [{ id: 'positive', condition: 'total >= 0', message: 'Total must not be negative' }],
        transform: { code: 'trim' },
      },
    });
    expect(rule.status).toBe('draft');
    const before = await counts();
    const answer = await ok(client, 'test_business_rule', {
      ruleId: rule.id,
      entityName: 'invoices',
      testData: { total: -1, code: '  X ' },
    });
    expect(answer).toMatchObject({
      computedValues: {},
      transformedValues: { code: 'X' },
      errors: [{ id: 'positive', message: 'Total must not be negative', severity: 'error' }],
      warnings: [],
      actions: [],
    });
    expect(await counts()).toEqual(before);
  });

  it('creates published with auto_publish and lists over MCP', async () => {
    const rule = await ok(client, 'create_business_rule', {
      entityName: 'products',
      auto_publish: true,
      rule: { type: 'compute', compute: { stock: 'price * 2' } },
    });
    expect(rule.status).toBe('published');
    const listed = await ok(client, 'list_business_rules', { entityName: 'products' });
    expect(listed.map((r: any) => r.id)).toContain(rule.id);
    expect(await ok(client, 'get_business_rule', { ruleId: rule.id })).toEqual(rule);
    expect(await ok(client, 'delete_business_rule', { ruleId: rule.id })).toEqual({ id: rule.id, deleted: true });
  });

  it('refuses a bad rule or missing subject with VALIDATION_ERROR, over REST and MCP', async () => {
    const rest = await s.t.post(
      '/api/rules/test',
      { entityName: 'invoices', ruleDsl: { compute: { total: 'nope +' } }, sampleData: {} },
      as,
    );
    expect(rest.status).toBe(400);
    expect(rest.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ position: 7 })] });
    const none = await callTool(client, 'test_business_rule', { sampleData: {} });
    expect(none.isError).toBe(true);
    expect(none.json.code).toBe('VALIDATION_ERROR');
    const missing = await callTool(client, 'get_business_rule', { ruleId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.json.code).toBe('NOT_FOUND');
  });
});
