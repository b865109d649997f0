import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.js';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * The suite's migrated test databases are copies of one database the run migrated (a PGlite data
 * directory image, a PostgreSQL template): each must be what the migrations make, on its own.
 */

/** What the migrations decide, read from the catalog (names, definitions, grants), in a fixed order. */
async function schemaOf(db: Queryable) {
  const read = (sql: string) => db.query(sql);
  return {
    migrations: await read('select version, name from schema_migrations order by version'),
    extensions: await read('select extname, extversion from pg_extension order by extname'),
    columns: await read(
      `select table_name, column_name, data_type, is_nullable, column_default
         from information_schema.columns where table_schema = current_schema() order by 1, 2`,
    ),
    indexes: await read('select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1, 2'),
    constraints: await read(
      `select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def
         from pg_constraint where connamespace = current_schema()::regnamespace order by 1, 2`,
    ),
    security: await read(
      `select relname, relrowsecurity, relforcerowsecurity from pg_class
        where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') order by 1`,
    ),
    policies: await read(
      'select tablename, policyname, roles::text, cmd, qual, with_check from pg_policies where schemaname = current_schema() order by 1, 2',
    ),
    grants: await read(
      `select table_name, grantee, privilege_type from information_schema.role_table_grants
        where table_schema = current_schema() order by 1, 2, 3`,
    ),
    functions: await read(
      `select proname, pg_get_function_identity_arguments(oid) as args, md5(prosrc) as body
         from pg_proc where pronamespace = current_schema()::regnamespace order by 1, 2`,
    ),
    triggers: await read(
      'select tgrelid::regclass::text as rel, tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1, 2',
    ),
  };
}

describe('migrated test databases', () => {
  let copy: TestDatabase;
  let other: TestDatabase;
  let stepByStep: TestDatabase;
  beforeAll(async () => {
    copy = await createTestDatabase();
    other = await createTestDatabase();
    stepByStep = await createTestDatabase({ migrated: false });
    await migrate(stepByStep.db);
  });
  afterAll(async () => {
    await Promise.all([copy, other, stepByStep].map((t) => t?.drop()));
  });

  it('hold every migration, nothing left to apply', async () => {
    const versions = await copy.db.query<{ version: number }>('select version from schema_migrations order by version');
    expect(versions.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
    expect(await migrate(copy.db)).toEqual([]);
  });

  it('have the schema the migrations make in a new database', async () => {
    expect(await schemaOf(copy.db)).toEqual(await schemaOf(stepByStep.db));
  });

  it('have the extensions loaded (unaccent, pg_trgm, btree_gin)', async () => {
    const [row] = await copy.db.query<{ plain: string; close: boolean }>(
      "select unaccent('Crème brûlée') as plain, similarity('tenantbase', 'tenantbose') > 0.3 as close",
    );
    expect(row).toEqual({ plain: 'Creme brulee', close: true });
    await copy.db.exec('create temporary table probe (n int, t text); create index on probe using gin (n, t gin_trgm_ops)');
  });

  it('share nothing: a row written in one is not in another', async () => {
    await copy.db.query("insert into tenants (name, slug) values ('only-here', 'only-here')");
    const count = (t: TestDatabase) =>
      t.db.query<{ n: number }>("select count(*)::int as n from tenants where slug = 'only-here'").then((r) => r[0]!.n);
    expect(await count(copy)).toBe(1);
    expect(await count(other)).toBe(0);
    const again = await createTestDatabase();
    try {
      expect(await count(again)).toBe(0);
    } finally {
      await again.drop();
    }
  });
});
