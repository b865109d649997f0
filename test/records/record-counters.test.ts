import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { loadEntity } from '../../src/domain/records/record.service.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

/**
 * The per-entity counters an unfiltered list's total is read from (docs/records.md, "Totals") stay
 * exact whatever writes or removes records: the list's own parameters are totals-cursors.test.ts.
 */
describe('record list: the counters behind unfiltered totals', () => {
  let f: RecordsFixture;
  const list = (query: string, entity = 'customers') => f.t.get(`${f.base(entity)}?${query}`, f.as);

  beforeAll(async () => {
    f = await createRecordsFixture();
    for (let i = 0; i < 24; i++) expect((await f.t.post(f.base('customers'), { full_name: `N${i}` }, f.as)).status).toBe(201);
  });
  afterAll(async () => {
    await f.t.close();
  });

  /** The entity's unfiltered total (read from the counters) against a real count of its rows. */
  const expectCounterTrue = async (entity: string) => {
    const res = await list('limit=1', entity);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: await f.countRecords(entity), totalExact: true });
  };

  describe('the entity counters', () => {
    it('stay exact through creates, concurrent creates and deletes', async () => {
      await expectCounterTrue('customers');
      const made = await Promise.all(
        Array.from({ length: 12 }, (_, i) => f.t.post(f.base('orders'), { code: `C-${i}` }, f.as).then((r) => r.body.data.id as string)),
      );
      await expectCounterTrue('orders');
      expect((await list('', 'orders')).body.data.total).toBe(12);
      for (const id of made.slice(0, 5)) expect((await f.t.delete(`${f.base('orders')}/${id}`, f.as)).status).toBe(200);
      await expectCounterTrue('orders');
      expect((await list('', 'orders')).body.data.total).toBe(7);
      // A failed create (a 400) counts nothing.
      expect((await f.t.post(f.base('orders'), { nope: 1 }, f.as)).status).toBe(400);
      await expectCounterTrue('orders');
    });

    it('stay exact through a multi-row insert and an entity delete', async () => {
      const tenantId = f.tenant.id;
      await withTenant(f.t.db, tenantId, { readOnly: false }, async (tx) => {
        const entity = await loadEntity(tx, f.t.services.entities, 'orders');
        await tx.query(
          `insert into records (tenant_id, entity_id, name, data)
           select $1, $2, 'bulk', jsonb_build_object('code', 'B-' || g) from generate_series(1, 50) g`,
          [tenantId, entity.id],
        );
      });
      await expectCounterTrue('orders');
      expect((await list('', 'orders')).body.data.total).toBe(57);
      expect((await f.t.delete('/api/entities/orders', f.as)).status).toBe(200);
      const left = await probe(() =>
        f.t.db.query<{ n: number }>('select count(*)::int as n from record_counts where tenant_id = $1', [tenantId]),
      );
      const customers = await probe(() =>
        f.t.db.query<{ n: string }>(
          `select coalesce(sum(c.n), 0)::text as n from record_counts c join entities e on e.tenant_id = c.tenant_id and e.id = c.entity_id
            where c.tenant_id = $1 and e.name = 'customers'`,
          [tenantId],
        ),
      );
      expect(Number(customers[0]!.n)).toBe(24);
      expect(left[0]!.n).toBeGreaterThan(0);
      const orphans = await probe(() =>
        f.t.db.query<{ n: number }>(
          'select count(*)::int as n from record_counts c where not exists (select 1 from entities e where e.tenant_id = c.tenant_id and e.id = c.entity_id)',
        ),
      );
      expect(orphans[0]!.n).toBe(0);
    });

    it('stay exact through a prebuild install with sample data and a restore of the tenant', async () => {
      const admin = await f.t.adminToken();
      const shop = await f.t.createTenant('Counted Shop');
      const as = { apiKey: shop.apiKey };
      const installed = await f.t.post('/api/metadata/import', { prebuild: 'tienda', sampleData: true }, as);
      expect(installed.status, JSON.stringify(installed.body)).toBe(200);
      const totals = async (auth: { apiKey: string } | { token: string; tenant: string }) => {
        const out: Record<string, [number, number]> = {};
        for (const e of ['clientes', 'categorias', 'productos', 'pedidos', 'lineas_pedido']) {
          const res = await f.t.get(`/api/entities/${e}/records?limit=100`, auth);
          expect(res.status).toBe(200);
          out[e] = [res.body.data.total, res.body.data.data.length];
        }
        return out;
      };
      const before = await totals(as);
      for (const [total, rows] of Object.values(before)) expect(total).toBe(rows);
      expect(Object.values(before).reduce((s, [t]) => s + t, 0)).toBe(19);

      const archive = await f.t.app.inject({
        method: 'GET',
        url: `/api/backups/${shop.slug}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(archive.statusCode).toBe(200);
      const restored = await f.t.app.inject({
        method: 'POST',
        url: '/api/backups?slug=counted-shop-2',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/gzip' },
        payload: archive.rawPayload,
      });
      expect(restored.statusCode, restored.body).toBe(201);
      const copy = restored.json().data.tenant.id as string;
      expect(await totals({ token: admin, tenant: copy })).toEqual(before);
    });
  });
});
