import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { verifyTenantIsolation } from '../../src/db/with-tenant.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * Migration 023 (MIGRATION) gives each declared index an identity and each entry its index's
 * (docs/entities.md, "Indexes"): a database left at 022 with indexes and entries upgrades, every
 * entry carrying the identity of the index it belongs to, an entry of no index removed.
 */
/** src/db/migrations/023_record_index_entries_written.sql */
const MIGRATION = 23;

describe('upgrading index entries to carry their index identity', () => {
  let database: TestDatabase;
  let tenantId: string;

  beforeAll(async () => {
    database = await createTestDatabase({ upTo: MIGRATION - 1 });
    const db = database.db;
    const [tenant] = await db.query<{ id: string }>("insert into tenants (name, slug) values ('Upgrade', 'upgrade') returning id");
    tenantId = tenant!.id;
    const [entity] = await db.query<{ id: string }>("insert into entities (tenant_id, name) values ($1, 'items') returning id", [tenantId]);
    await db.query(
      `insert into entity_indexes (tenant_id, entity_id, name, fields, kinds, state)
       values ($1, $2, 'title', '{title}', '{text}', 'ready'), ($1, $2, 'n', '{n}', '{number}', 'ready')`,
      [tenantId, entity!.id],
    );
    // The insert trigger of 022 writes both entries of each record.
    await db.query(
      `insert into records (tenant_id, entity_id, name, data, search_text)
       select $1, $2, 'r' || i, jsonb_build_object('title', 'r' || i, 'n', i), 'r' || i from generate_series(1, 3) i`,
      [tenantId, entity!.id],
    );
    // An entry of an index that is not there (none should exist; the migration must not trip on one).
    await db.query(
      `insert into record_index_entries (tenant_id, record_id, index_name, entity_id, k1t)
       select tenant_id, id, 'gone', entity_id, 'x' from records where tenant_id = $1 limit 1`,
      [tenantId],
    );
  });
  afterAll(async () => {
    await database.drop();
  });

  it("applies the migration: every entry carries its index's identity, the stray entry is gone, isolation holds", async () => {
    expect(await migrate(database.db)).toContain(MIGRATION);
    const entries = await database.db.query<{ name: string; same: boolean; n: number }>(
      `select e.index_name as name, bool_and(e.index_id = i.id) as same, count(*)::int as n
         from record_index_entries e left join entity_indexes i
           on i.tenant_id = e.tenant_id and i.entity_id = e.entity_id and i.name = e.index_name
        where e.tenant_id = $1 group by e.index_name order by e.index_name`,
      [tenantId],
    );
    expect(entries).toEqual([
      { name: 'n', same: true, n: 3 },
      { name: 'title', same: true, n: 3 },
    ]);
    const [column] = await database.db.query<{ nullable: string }>(
      "select is_nullable as nullable from information_schema.columns where table_name = 'record_index_entries' and column_name = 'index_id'",
    );
    expect(column?.nullable).toBe('NO');
    const forced = await database.db.query<{ relname: string; forced: boolean }>(
      "select relname, relforcerowsecurity as forced from pg_class where relname in ('entity_indexes', 'record_index_entries') order by relname",
    );
    expect(forced).toEqual([
      { relname: 'entity_indexes', forced: true },
      { relname: 'record_index_entries', forced: true },
    ]);
    await expect(verifyTenantIsolation(database.db)).resolves.toBeUndefined();
  });
});
