import { withTenant } from '../../src/db/with-tenant.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

export type Auth = { apiKey: string };

const text = (key: string, extra: Record<string, unknown> = {}) => ({ name: key, fieldKey: key, fieldType: 'text', ...extra });
const number = (key: string) => ({ name: key, fieldKey: key, fieldType: 'number' });
const relation = (key: string, entity: string) => ({ name: key, fieldKey: key, fieldType: 'relation', config: { relatedEntity: entity } });

/** The catalogue rule tests share: products, invoices and their lines (the invoice-total example). */
export const CATALOGUE = [
  { name: 'products', fields: [text('title'), number('price'), number('stock')] },
  {
    name: 'invoices',
    fields: [
      text('code'),
      text('email'),
      text('status'),
      number('subtotal'),
      number('tax_rate'),
      number('tax'),
      number('total'),
      number('lines'),
      number('discount'),
      text('label'),
    ],
  },
  {
    name: 'invoice_lines',
    fields: [relation('invoice', 'invoices'), relation('product', 'products'), number('qty'), number('price'), number('amount')],
  },
];

export interface RulesFixture {
  t: TestApp;
  tenant: { id: string; slug: string; token: string; apiKey: string };
  as: Auth;
  createRule(entity: string, body: Record<string, unknown>): Promise<any>;
  record(entity: string, data: Record<string, unknown>): Promise<any>;
  /** Counts of stored rules and records: to prove a refused call wrote nothing. */
  counts(): Promise<{ rules: number; records: number; runs: number }>;
}

export async function createEntities(t: TestApp, as: Auth, catalogue = CATALOGUE): Promise<void> {
  for (const e of catalogue) {
    const res = await t.post(
      '/api/entities',
      { definition: { entity: { name: e.name }, fields: e.fields }, auto_publish: true, version_message: 'v1' },
      as,
    );
    if (res.status !== 201) throw new Error(`entity ${e.name}: ${JSON.stringify(res.body)}`);
  }
}

export async function createRulesFixture(env: Record<string, string> = {}): Promise<RulesFixture> {
  const t = await createTestApp(env);
  const tenant = await t.createTenant('Rules Co');
  const as = { apiKey: tenant.apiKey };
  await createEntities(t, as);
  return {
    t,
    tenant,
    as,
    async createRule(entity, body) {
      const res = await t.post(`/api/entities/${entity}/rules`, body, as);
      if (res.status !== 201) throw new Error(`rule on ${entity}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async record(entity, data) {
      const res = await t.post(`/api/entities/${entity}/records`, data, as);
      if (res.status !== 201) throw new Error(`record of ${entity}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    counts: () =>
      withTenant(t.db, tenant.id, { readOnly: true }, async (tx) => {
        const [row] = await tx.query<{ rules: number; records: number; runs: number }>(
          `select (select count(*)::int from business_rules where tenant_id = $1) as rules,
                  (select count(*)::int from records where tenant_id = $1) as records,
                  (select coalesce(sum(run_count), 0)::int from rule_runs where tenant_id = $1) as runs`,
          [tenant.id],
        );
        return row!;
      }),
  };
}
