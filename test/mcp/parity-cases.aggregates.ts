import { seedPublishedEntity } from '../helpers/seed-entity.js';
import type { ParityCase, ParityEnv, ParityTenant } from './parity-harness.js';

/** Parity cases of aggregate_records: the same aggregate asked over REST and MCP answers the same. */

async function sales(env: ParityEnv, tn: ParityTenant) {
  await seedPublishedEntity(env.t, tn.id, 'parity_sales', [
    { fieldKey: 'region', fieldType: 'text' },
    { fieldKey: 'amount', fieldType: 'number' },
  ]);
  for (const row of [
    { region: 'north', amount: 10 },
    { region: 'north', amount: 5 },
    { region: 'south', amount: 7 },
  ]) {
    const res = await env.t.post('/api/entities/parity_sales/records', row, { apiKey: tn.apiKey });
    if (res.status !== 201) throw new Error(`arrange parity_sales failed: ${JSON.stringify(res.body)}`);
  }
}

const path = '/api/entities/parity_sales/records/aggregate';

export const AGGREGATE_PARITY_CASES: Record<string, ParityCase[]> = {
  aggregate_records: [
    {
      as: 'tenant',
      sides: 'twin',
      title: 'sum grouped, sorted by value, filtered',
      arrange: sales,
      args: () => ({
        entityName: 'parity_sales',
        op: 'sum',
        field: 'amount',
        groupBy: 'region',
        orderBy: 'value',
        orderDir: 'desc',
        filter: 'amount > 1',
      }),
      rest: () => ({ method: 'GET', path: `${path}?op=sum&field=amount&groupBy=region&sort=value&order=desc&filter.amount.gt=1` }),
    },
    {
      as: 'tenant',
      sides: 'twin',
      title: 'a sum over a text field',
      refused: true,
      arrange: sales,
      args: () => ({ entityName: 'parity_sales', op: 'sum', field: 'region' }),
      rest: () => ({ method: 'GET', path: `${path}?op=sum&field=region` }),
    },
  ],
};
