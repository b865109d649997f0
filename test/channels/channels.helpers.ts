import { expect } from 'vitest';
import { createTestApp, type CallOptions, type TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';

export interface Tenant {
  id: string;
  slug: string;
  token: string;
  apiKey: string;
}

/** An owner tenant with suppliers, products (relating to suppliers) and secrets; a consumer tenant. */
export interface ChannelWorld {
  t: TestApp;
  owner: Tenant;
  consumer: Tenant;
  supplier: string;
  products: Record<'hammer' | 'kite' | 'saw', string>;
  secret: string;
}

export async function channelWorld(env: Record<string, string> = {}): Promise<ChannelWorld> {
  const t = await createTestApp(env);
  const owner = await t.createTenant('Owner Co');
  const consumer = await t.createTenant('Consumer Co');
  await seedEntities(t, owner.id);
  const as = { apiKey: owner.apiKey };
  const created = async (entity: string, data: Record<string, unknown>) => {
    const res = await t.post(`/api/entities/${entity}/records`, data, as);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const supplier = await created('suppliers', { name: 'Acme Supplies' });
  const products = {
    hammer: await created('products', { name: 'Hammer', price: 10, category: 'tools', supplier }),
    kite: await created('products', { name: 'Kite', price: 20, category: 'toys' }),
    saw: await created('products', { name: 'Saw', price: 30, category: 'tools', supplier }),
  };
  const secret = await created('secrets', { code: 'launch-code-42' });
  return { t, owner, consumer, supplier, products, secret };
}

export async function seedEntities(t: TestApp, tenantId: string): Promise<void> {
  await seedPublishedEntity(t, tenantId, 'suppliers', [{ fieldKey: 'name', fieldType: 'text', isRequired: true }], {
    displayField: 'name',
  });
  await seedPublishedEntity(
    t,
    tenantId,
    'products',
    [
      { fieldKey: 'name', fieldType: 'text', isRequired: true },
      { fieldKey: 'price', fieldType: 'number' },
      { fieldKey: 'category', fieldType: 'select', config: { options: ['tools', 'toys'] } },
      { fieldKey: 'supplier', fieldType: 'relation', config: { relatedEntity: 'suppliers' } },
    ],
    { displayField: 'name' },
  );
  await seedPublishedEntity(t, tenantId, 'secrets', [{ fieldKey: 'code', fieldType: 'text' }]);
}

export async function publish(t: TestApp, owner: Tenant, body: Record<string, unknown>) {
  const res = await t.post('/api/my-channel', { name: 'Owner catalog', ...body }, { apiKey: owner.apiKey });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Each execution a millisecond after the last, so the audit log's newest-first order is the call order. */
export function execute(t: TestApp, slug: string, tool: string, params: unknown, as: CallOptions) {
  t.clock.advance(1);
  return t.post(`/api/channels/${slug}/tools/${tool}/execute`, params, as);
}

/** The owner's audit log (REST). */
export async function auditOf(t: TestApp, owner: Tenant, query = ''): Promise<any[]> {
  const res = await t.get(`/api/my-channel/audit${query}`, { apiKey: owner.apiKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.data;
}

/** Records of an entity as the database owner sees them (what was or was not written). */
export async function recordCount(t: TestApp, tenantId: string): Promise<number> {
  const [row] = await probe(() => t.db.query<{ n: number }>('select count(*)::int as n from records where tenant_id = $1', [tenantId]));
  return row!.n;
}

export async function recordData(t: TestApp, tenantId: string, id: string): Promise<Record<string, unknown>> {
  const [row] = await probe(() =>
    t.db.query<{ data: Record<string, unknown> }>('select data from records where tenant_id = $1 and id = $2', [tenantId, id]),
  );
  return row!.data;
}

export function expectRefused(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
}
