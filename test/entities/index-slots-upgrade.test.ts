import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { verifyTenantIsolation, withTenant } from '../../src/db/with-tenant.js';
import { backfillBatch } from '../../src/domain/records/index-build.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * Migration 024 (MIGRATION) moves declared indexes' keys from the side table record_index_entries
 * into slots of the records' own rows (docs/entities.md, "Indexes"): a database left at 023 with
 * indexes and entries upgrades with a slot per index (by name, at most 8 per entity), every index
 * building again, the side table gone; the builder then fills each slot.
 */
/** src/db/migrations/024_record_index_slots.sql */
const MIGRATION = 24;

describe('upgrading declared indexes to slots of the records', () => {
  let database: TestDatabase;
  let tenantId: string;
  let entityId: string;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: MIGRATION - 1 });
    const db = database.db;
    const [tenant] = await db.query<{ id: string }>("insert into tenants (name, slug) values ('Upgrade', 'upgrade') returning id");
    tenantId = tenant!.id;
    const [entity] = await db.query<{ id: string }>("insert into entities (tenant_id, name) values ($1, 'items') returning id", [tenantId]);
    entityId = entity!.id;
    // Ten built indexes (more than the slots): 'n' and the 'title' ones named so that the cut keeps them.
    await db.query(
      `insert into entity_indexes (tenant_id, entity_id, name, fields, kinds, state)
       values ${Array.from({ length: 9 }, (_, i) => `($1, $2, 'title_${i + 1}', '{title}', '{text}', 'ready')`).join(', ')},
              ($1, $2, 'n', '{n}', '{number}', 'ready')`,
      [tenantId, entityId],
    );
    // 023's trigger writes the entries of each record.
    await db.query(
      `insert into records (tenant_id, entity_id, name, data, search_text)
       select $1, $2, 'r' || i, jsonb_build_object('title', 'r' || i, 'n', i), 'r' || i from generate_series(1, 3) i`,
      [tenantId, entityId],
    );
  });
  afterAll(async () => {
    await database.drop();
  });

  it('gives each index a slot and builds it again, drops the side table; the backfill fills the slots', async () => {
    expect(await migrate(database.db)).toContain(MIGRATION);
    const db = database.db;
    const indexes = await db.query<{ name: string; slot: number; state: string }>(
      'select name, slot, state from entity_indexes where tenant_id = $1 order by slot',
      [tenantId],
    );
    expect(indexes).toEqual(
      ['n', 'title_1', 'title_2', 'title_3', 'title_4', 'title_5', 'title_6', 'title_7'].map((name, i) => ({
        name,
        slot: i + 1,
        state: 'building',
      })),
    );
    const [table] = await db.query<{ n: number }>("select count(*)::int as n from pg_class where relname = 'record_index_entries'");
    expect(table?.n).toBe(0);
    const [forced] = await db.query<{ forced: boolean }>(
      "select relforcerowsecurity as forced from pg_class where relname = 'entity_indexes'",
    );
    expect(forced?.forced).toBe(true);
    await expect(verifyTenantIsolation(db)).resolves.toBeUndefined();

    for (const { name } of indexes) {
      expect(await withTenant(db, tenantId, { readOnly: false }, (tx) => backfillBatch(tx, entityId, name, 10))).toBe('ready');
    }
    const keys = await db.query<{ name: string; n: string; title: string }>(
      'select name, ix1_k1f::text as n, ix8_k1t as title from records where tenant_id = $1 order by name',
      [tenantId],
    );
    expect(keys).toEqual([
      { name: 'r1', n: '1', title: 'r1' },
      { name: 'r2', n: '2', title: 'r2' },
      { name: 'r3', n: '3', title: 'r3' },
    ]);
    // A write after the upgrade computes its keys as it is written.
    await withTenant(db, tenantId, { readOnly: false }, (tx) =>
      tx.query(`update records set data = data || '{"n": 9}' where tenant_id = $1 and name = 'r1'`, [tenantId]),
    );
    const [r1] = await db.query<{ n: string }>("select ix1_k1f::text as n from records where tenant_id = $1 and name = 'r1'", [tenantId]);
    expect(r1?.n).toBe('9');
  });
});
