import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntity } from '../entities/helpers.js';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { userWithToken, type TenantUser } from '../users/users.helpers.js';

/**
 * aggregate_records over MCP (the SDK client), with tenant users' roles and per-entity permissions,
 * and against fields a later published version removed.
 */
describe('record aggregates: MCP, permissions, removed fields', () => {
  let s: McpTestService;
  let tenant: Awaited<ReturnType<McpTestService['t']['createTenant']>>;
  let client: Client;
  const users: Record<string, TenantUser> = {};
  const auth = () => ({ apiKey: tenant.apiKey });
  const rest = (entity: string, query = '', as: object = auth()) => s.t.get(`/api/entities/${entity}/records/aggregate?${query}`, as);

  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Aggregates Co');
    await createEntity(s.t, auth(), 'sales', {
      publish: true,
      fields: [
        { name: 'Region', fieldKey: 'region', fieldType: 'text' },
        { name: 'Amount', fieldKey: 'amount', fieldType: 'number' },
        { name: 'Cost', fieldKey: 'cost', fieldType: 'number' },
      ],
    });
    const rows = [
      { title: 'a', region: 'north', amount: 10, cost: 1 },
      { title: 'b', region: 'north', amount: 5, cost: 2 },
      { title: 'c', region: 'south', amount: 7, cost: 4 },
      { title: 'd', region: 'south', amount: 1, cost: 8 },
    ];
    for (const row of rows) expect((await s.t.post('/api/entities/sales/records', row, auth())).status).toBe(201);
    // `cost` leaves the entity: its values stay stored but no aggregate may read them.
    expect((await s.t.delete('/api/entities/sales/fields/cost', auth())).status).toBe(200);
    expect((await s.t.post('/api/entities/sales/publish', { version_message: 'drop cost' }, auth())).status).toBe(200);
    users.viewer = await userWithToken(s.t, tenant, 'viewer@agg.test', 'viewer');
    users.barred = await userWithToken(s.t, tenant, 'barred@agg.test', 'member', { entities: { sales: [] } });
    users.reader = await userWithToken(s.t, tenant, 'reader@agg.test', 'viewer', { entities: { sales: ['read'] } });
    client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
  });
  afterAll(async () => {
    await client.close();
    await s.close();
  });

  it('answers over MCP with a filter string, structured filters and equalities, like REST', async () => {
    const grouped = await ok(client, 'aggregate_records', { entityName: 'sales', op: 'sum', field: 'amount', groupBy: 'region' });
    expect(grouped.groups).toEqual([
      { key: 'north', value: 15, count: 2 },
      { key: 'south', value: 8, count: 2 },
    ]);
    expect(grouped).toEqual((await rest('sales', 'op=sum&field=amount&groupBy=region')).body.data);
    expect(
      await ok(client, 'aggregate_records', { entityName: 'sales', op: 'avg', field: 'amount', filter: 'amount > 4 and region = north' }),
    ).toEqual({
      op: 'avg',
      field: 'amount',
      value: 7.5,
      count: 2,
    });
    const structured = await ok(client, 'aggregate_records', {
      entityName: 'sales',
      op: 'max',
      field: 'amount',
      filters: [{ field: 'region', op: 'eq', value: 'south' }],
    });
    expect(structured.value).toBe(7);
    expect(await ok(client, 'aggregate_records', { entityName: 'sales', filter: { region: 'north' } })).toMatchObject({ value: 2 });
    const top = await ok(client, 'aggregate_records', {
      entityName: 'sales',
      op: 'sum',
      field: 'amount',
      groupBy: 'region',
      orderBy: 'value',
      orderDir: 'desc',
      limit: 1,
    });
    expect(top).toMatchObject({ groups: [{ key: 'north', value: 15 }], totalGroups: 2, truncated: true });
  });

  it('refuses bad arguments over MCP with the error codes of REST', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ entityName: 'sales', op: 'median', field: 'amount' }, 'VALIDATION_ERROR', /op/],
      [{ entityName: 'sales', op: 'sum', field: 'region' }, 'VALIDATION_ERROR', /sum needs a number field; "region" is text/],
      [{ entityName: 'sales', filter: 'amount >' }, 'VALIDATION_ERROR', /Invalid filter/],
      [{ entityName: 'no_such_entity' }, 'NOT_FOUND', /not found/],
    ];
    for (const [args, code, message] of cases) {
      const answer = await callTool(client, 'aggregate_records', args);
      expect(answer.isError, JSON.stringify(args)).toBe(true);
      expect(answer.json.code).toBe(code);
      expect(answer.json.message).toMatch(message);
    }
  });

  it('refuses fields a published version removed, as field, groupBy or filter', async () => {
    for (const [query, message] of [
      ['op=sum&field=cost', /field: unknown field "cost"/],
      ['groupBy=cost', /groupBy: unknown field "cost"/],
      ['filter.cost.gt=0', /filter.cost.gt: unknown field "cost"/],
    ] as const) {
      const res = await rest('sales', query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(res.body.error.message).toMatch(message);
    }
  });

  it("needs the read action of the user's role, or of its per-entity permissions", async () => {
    const as = (who: string) => ({ token: users[who]!.token, tenant: tenant.slug });
    expect((await rest('sales', 'op=sum&field=amount', as('viewer'))).body.data.value).toBe(23);
    expect((await rest('sales', '', as('reader'))).body.data.value).toBe(4);
    const barred = await rest('sales', 'op=sum&field=amount', as('barred'));
    expect(barred.status).toBe(403);
    expect(barred.body).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    expect(barred.body.error.message).toMatch(/"read" on records of sales/);
  });
});
