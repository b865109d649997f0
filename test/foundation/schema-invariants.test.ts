import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Migration } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { citusCalls, readCatalogTables, tableCreations, tenantTablesOf, type CitusCall } from '../helpers/distribution/schema-catalog.js';
import { creationProblems, schemaProblems } from '../helpers/distribution/schema-invariants.js';

/**
 * The schema a database distributed by tenant_id (Citus) needs, read from the catalog of a freshly
 * migrated database and from the migrations' Citus calls, so every new migration is checked
 * without anyone listing its tables (docs/scaling.md, "Schema rules").
 */
describe('schema invariants for distribution by tenant_id', () => {
  let test: TestDatabase;
  let calls: CitusCall[];
  beforeAll(async () => {
    test = await createTestDatabase();
    calls = await citusCalls();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('the Citus migration names every global table as a reference table and distributes the tenant tables', () => {
    const kinds = Object.fromEntries(calls.map((c) => [c.table, c.kind]));
    expect(kinds).toMatchObject({
      tenants: 'reference',
      admins: 'reference',
      api_keys: 'reference',
      settings: 'reference',
      entities: 'distributed',
      records: 'distributed',
    });
  });

  it('holds on the migrated schema', async () => {
    const tables = await readCatalogTables(test.db);
    expect(await schemaProblems(test.db, tables, calls)).toEqual([]);
    const tenant = new Set(tenantTablesOf(tables, calls));
    expect(creationProblems(await tableCreations(), calls, tenant)).toEqual([]);
  });

  it('reports each kind of table a distributed database could not hold', async () => {
    await test.db.exec(`
      create table bad_tenant (tenant_id uuid, id serial primary key, code text unique, parent_id int references bad_tenant (id));
      create table bad_global (id int primary key, tenant_row int references bad_tenant (id));
      create table bad_identity (tenant_id uuid not null, n int generated always as identity)`);
    const problems = await schemaProblems(test.db, await readCatalogTables(test.db), calls);
    expect(problems.sort()).toEqual(
      [
        'table bad_global has no tenant_id and is not a reference table of the Citus migration (docs/scaling.md)',
        'foreign key bad_global_tenant_row_fkey points from global bad_global at tenant table bad_tenant',
        "tenant table bad_tenant is not distributed: add perform create_distributed_table('bad_tenant', 'tenant_id', colocate_with => 'entities') (docs/scaling.md)",
        "tenant table bad_identity is not distributed: add perform create_distributed_table('bad_identity', 'tenant_id', colocate_with => 'entities') (docs/scaling.md)",
        'bad_tenant.tenant_id may be null',
        'bad_tenant does not force row-level security',
        'bad_tenant has no tenant_isolation policy',
        'bad_identity does not force row-level security',
        'bad_identity has no tenant_isolation policy',
        'primary key bad_tenant_pkey of bad_tenant does not lead with tenant_id',
        'unique index bad_tenant_code_key of bad_tenant does not lead with tenant_id',
        'foreign key bad_tenant_parent_id_fkey (bad_tenant → bad_tenant) does not pair tenant_id with tenant_id',
        'bad_tenant.id draws from a sequence shared by every tenant',
        'bad_identity.n draws from a sequence shared by every tenant',
      ].sort(),
    );
  });

  it('reports a Citus call that is wrong or names no table', async () => {
    const wrong: CitusCall[] = [
      ...calls.filter((c) => c.table !== 'records'),
      { table: 'records', kind: 'distributed', column: 'entity_id', migration: 11 },
      { table: 'gone', kind: 'reference', migration: 11 },
      { table: 'entities', kind: 'distributed', column: 'tenant_id', colocateWith: 'entities', migration: 12 },
    ];
    const problems = await schemaProblems(test.db, await readCatalogTables(test.db), wrong);
    expect(problems).toContain('records is distributed by entity_id, not tenant_id');
    expect(problems).toContain("records is not colocated with entities (colocate_with => 'entities')");
    expect(problems).toContain('migration 11 distributes gone, which does not exist');
    // entities is created once (migration 1): a second call distributes it twice.
    expect(problems).toContain('entities is distributed twice (migrations 11 and 12)');
  });

  it('asks a table created after the Citus migration to distribute itself before its foreign keys', async () => {
    const later: Migration = {
      version: 12,
      name: 'rules',
      sql: `create table rules (tenant_id uuid not null, id uuid not null, entity_id uuid not null, primary key (tenant_id, id),
              foreign key (tenant_id, entity_id) references entities (tenant_id, id));
            create table notes (tenant_id uuid not null, id uuid not null, primary key (tenant_id, id));
            do $$ begin
              if exists (select 1 from pg_extension where extname = 'citus') then
                perform create_distributed_table('rules', 'tenant_id', colocate_with => 'entities');
              end if;
            end $$;`,
    };
    const laterCalls = [...calls, ...(await citusCalls([later])), { table: 'notes', kind: 'distributed' as const, migration: 11 }];
    const tenant = new Set(['entities', 'rules', 'notes']);
    expect(creationProblems(await tableCreations([later]), laterCalls, tenant)).toEqual([
      'migration 12 creates rules with a foreign key to entities: on Citus, add it with ALTER TABLE after distributing rules',
      'notes (created by migration 12) is distributed by migration 11, not 12',
    ]);
  });
});
