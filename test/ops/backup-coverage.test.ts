import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BACKUP_TABLES, NOT_BACKED_UP } from '../../src/domain/backup/sections.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * Every tenant table of the schema is in the backup (src/domain/backup/sections.ts) or left out
 * with a reason: a feature that adds a table cannot forget to decide (docs/backup.md).
 */
describe('what a backup covers', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('names every tenant table, once', () => {
    const listed = [...BACKUP_TABLES.map((t) => t.table), ...Object.keys(NOT_BACKED_UP)];
    expect(new Set(listed).size).toBe(listed.length);
    const missing = inject('routerTenantTables').filter((table) => !listed.includes(table));
    expect(missing, 'add these tables to BACKUP_TABLES or NOT_BACKED_UP in src/domain/backup/sections.ts').toEqual([]);
  });

  it("reads each table in its primary key's order", async () => {
    const keys = await test.db.query<{ table: string; columns: string[] }>(
      `select c.relname as table, array_agg(a.attname::text order by k.ord) as columns
         from pg_constraint p join pg_class c on c.oid = p.conrelid
         cross join lateral unnest(p.conkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where p.contype = 'p' and c.relname = any($1::text[])
        group by c.relname`,
      [BACKUP_TABLES.map((t) => t.table)],
    );
    const primary = Object.fromEntries(keys.map((k) => [k.table, k.columns]));
    for (const table of BACKUP_TABLES) expect(primary[table.table], table.table).toEqual(['tenant_id', ...table.key]);
  });
});
