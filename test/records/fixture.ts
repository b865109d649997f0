import { withTenant } from '../../src/db/with-tenant.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';

/** A tenant with a small catalogue: customers ← orders (relation), used across record tests. */
export interface RecordsFixture {
  t: TestApp;
  tenant: { id: string; slug: string; token: string; apiKey: string };
  /** Calls as the tenant API key. */
  as: { apiKey: string };
  base: (entity: string) => string;
  countRecords(entity?: string): Promise<number>;
}

export async function createRecordsFixture(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<RecordsFixture> {
  const t = await createTestApp(env, options);
  const tenant = await t.createTenant('Records Co');
  await seedPublishedEntity(
    t,
    tenant.id,
    'customers',
    [
      { fieldKey: 'full_name', fieldType: 'text', isRequired: true },
      { fieldKey: 'email', fieldType: 'email', isUnique: true },
      { fieldKey: 'notes', fieldType: 'textarea' },
      { fieldKey: 'tier', fieldType: 'select', config: { options: ['gold', { value: 'silver', label: 'Silver' }] } },
      { fieldKey: 'score', fieldType: 'number' },
      { fieldKey: 'visits', fieldType: 'integer' },
      { fieldKey: 'active', fieldType: 'boolean' },
      { fieldKey: 'born', fieldType: 'date' },
      { fieldKey: 'seen_at', fieldType: 'datetime' },
      { fieldKey: 'website', fieldType: 'url' },
      { fieldKey: 'phone', fieldType: 'phone' },
      { fieldKey: 'avatar', fieldType: 'file' },
      { fieldKey: 'place', fieldType: 'location' },
      { fieldKey: 'extra', fieldType: 'json' },
    ],
    { displayField: 'full_name' },
  );
  await seedPublishedEntity(t, tenant.id, 'orders', [
    { fieldKey: 'code', fieldType: 'text', isRequired: true },
    { fieldKey: 'customer', fieldType: 'relation', config: { relatedEntity: 'customers' } },
    { fieldKey: 'buyer', fieldType: 'relation', config: { entity: 'customers' } },
    { fieldKey: 'total', fieldType: 'number' },
  ]);
  return {
    t,
    tenant,
    as: { apiKey: tenant.apiKey },
    base: (entity) => `/api/entities/${entity}/records`,
    countRecords: (entity) =>
      withTenant(t.db, tenant.id, { readOnly: true }, async (tx) => {
        const rows = await tx.query<{ n: number }>(
          `select count(*)::int as n from records r join entities e on e.tenant_id = r.tenant_id and e.id = r.entity_id
            where r.tenant_id = $1 and ($2::text is null or e.name = $2)`,
          [tenant.id, entity ?? null],
        );
        return rows[0]!.n;
      }),
  };
}
