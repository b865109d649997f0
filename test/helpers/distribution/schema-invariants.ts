import type { Queryable } from '../../../src/db/database.js';
import { droppedTables, tableCreations, type CatalogTable, type CitusCall, type TableCreation } from './schema-catalog.js';

/**
 * What a database distributed by `tenant_id` (Citus) needs from the schema, read from the catalog
 * of a migrated database, so a new migration is checked without anyone listing its tables:
 *
 * - every table is a tenant table (it has `tenant_id`) or a reference table of the Citus
 *   migration — nothing in between;
 * - every tenant table is distributed by `tenant_id` in the one colocation group, with RLS forced
 *   and the `tenant_isolation` policy; every reference table is made one;
 * - a tenant table's `tenant_id` is NOT NULL and leads its primary key and every unique constraint
 *   or unique index (Citus enforces uniqueness per shard only when it includes the distribution
 *   column; leading it also serves the per-tenant lookups);
 * - a foreign key between tenant tables pairs `tenant_id` with `tenant_id`; none goes from a
 *   reference table to a tenant table (Citus refuses both otherwise);
 * - no tenant table column draws from a sequence (serial, identity): one counter shared by every
 *   tenant cannot live on one shard.
 */
export const COLOCATION_ROOT = 'entities';
/** The migration holding the Citus calls for every table created before it. */
export const CITUS_MIGRATION = 11;

export async function schemaProblems(db: Queryable, tables: readonly CatalogTable[], calls: readonly CitusCall[]): Promise<string[]> {
  const problems: string[] = [];
  const reference = new Set(calls.filter((c) => c.kind === 'reference').map((c) => c.table));
  const tenant = new Set(tables.filter((t) => t.hasTenantId && !reference.has(t.name)).map((t) => t.name));
  const existing = new Set(tables.map((t) => t.name));

  for (const t of tables) {
    if (!t.hasTenantId && !reference.has(t.name))
      problems.push(`table ${t.name} has no tenant_id and is not a reference table of the Citus migration (docs/scaling.md)`);
  }
  // A table a later migration drops took its distribution with it.
  const dropped = await droppedTables();
  problems.push(
    ...callProblems(
      calls.filter((c) => !dropped.has(c.table)),
      tenant,
      existing,
      await tableCreations(),
    ),
  );
  for (const row of await tenantColumns(db)) {
    if (!tenant.has(row.table)) continue;
    if (!row.notNull) problems.push(`${row.table}.tenant_id may be null`);
    if (!row.rls || !row.forced) problems.push(`${row.table} does not force row-level security`);
    if (!row.policy) problems.push(`${row.table} has no tenant_isolation policy`);
  }
  for (const u of await uniqueIndexes(db)) {
    if (tenant.has(u.table) && u.firstColumn !== 'tenant_id')
      problems.push(`${u.primary ? 'primary key' : 'unique index'} ${u.index} of ${u.table} does not lead with tenant_id`);
  }
  for (const fk of await foreignKeys(db)) {
    const pairs = fk.fromColumns.split(',').map((c, i) => [c, fk.toColumns.split(',')[i]]);
    if (tenant.has(fk.from) && tenant.has(fk.to) && !pairs.some(([a, b]) => a === 'tenant_id' && b === 'tenant_id'))
      problems.push(`foreign key ${fk.name} (${fk.from} → ${fk.to}) does not pair tenant_id with tenant_id`);
    if (!tenant.has(fk.from) && tenant.has(fk.to))
      problems.push(`foreign key ${fk.name} points from global ${fk.from} at tenant table ${fk.to}`);
  }
  for (const s of await sequenceColumns(db)) {
    if (tenant.has(s.table)) problems.push(`${s.table}.${s.column} draws from a sequence shared by every tenant`);
  }
  return problems;
}

function callProblems(
  calls: readonly CitusCall[],
  tenant: ReadonlySet<string>,
  existing: ReadonlySet<string>,
  creations: readonly TableCreation[],
): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  // A table a later migration drops and creates anew (018 did so to record_index_entries) is a new
  // table: that migration distributes it again. Any other second call is a mistake.
  const createdAgain = (table: string, after: number, upTo: number) =>
    creations.some((k) => k.table === table && k.migration > after && k.migration <= upTo);
  for (const c of calls) {
    const previous = seen.get(c.table);
    if (previous !== undefined && !createdAgain(c.table, previous, c.migration))
      problems.push(`${c.table} is distributed twice (migrations ${previous} and ${c.migration})`);
    seen.set(c.table, c.migration);
    if (!existing.has(c.table)) problems.push(`migration ${c.migration} distributes ${c.table}, which does not exist`);
    if (c.kind !== 'distributed') continue;
    if (!tenant.has(c.table)) problems.push(`${c.table} is distributed but is not a tenant table`);
    if (c.column !== 'tenant_id') problems.push(`${c.table} is distributed by ${c.column ?? '?'}, not tenant_id`);
    if (c.table !== COLOCATION_ROOT && c.colocateWith !== COLOCATION_ROOT)
      problems.push(`${c.table} is not colocated with ${COLOCATION_ROOT} (colocate_with => '${COLOCATION_ROOT}')`);
  }
  for (const t of tenant) {
    if (!calls.some((c) => c.table === t && c.kind === 'distributed'))
      problems.push(
        `tenant table ${t} is not distributed: add perform create_distributed_table('${t}', 'tenant_id', colocate_with => '${COLOCATION_ROOT}') (docs/scaling.md)`,
      );
  }
  return problems;
}

const tenantColumns = (db: Queryable) =>
  db.query<{ table: string; notNull: boolean; rls: boolean; forced: boolean; policy: boolean }>(
    `select c.relname as table, a.attnotnull as "notNull", c.relrowsecurity as rls, c.relforcerowsecurity as forced,
            exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation') as policy
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where n.nspname = current_schema() and c.relkind in ('r', 'p')`,
  );

/** Unique indexes (primary keys and unique constraints have one) and their first key column. */
const uniqueIndexes = (db: Queryable) =>
  db.query<{ table: string; index: string; primary: boolean; firstColumn: string | null }>(
    `select c.relname as table, i.relname as index, x.indisprimary as primary, a.attname::text as "firstColumn"
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class c on c.oid = x.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attribute a on a.attrelid = c.oid and a.attnum = x.indkey[0]
      where n.nspname = current_schema() and x.indisunique`,
  );

const foreignKeys = (db: Queryable) =>
  db.query<{ name: string; from: string; to: string; fromColumns: string; toColumns: string }>(
    `select con.conname::text as name, src.relname::text as from, dst.relname::text as to,
            (select string_agg(a.attname, ',' order by k.i) from unnest(con.conkey) with ordinality k(attnum, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as "fromColumns",
            (select string_agg(a.attname, ',' order by k.i) from unnest(con.confkey) with ordinality k(attnum, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as "toColumns"
       from pg_constraint con
       join pg_class src on src.oid = con.conrelid
       join pg_class dst on dst.oid = con.confrelid
       join pg_namespace n on n.oid = src.relnamespace
      where con.contype = 'f' and n.nspname = current_schema()`,
  );

/** Columns that are identities or whose default depends on a sequence (serial, nextval). */
const sequenceColumns = (db: Queryable) =>
  db.query<{ table: string; column: string }>(
    `select c.relname::text as table, a.attname::text as column
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and (a.attidentity <> ''
             or exists (select 1 from pg_attrdef d join pg_depend dep on dep.classid = 'pg_attrdef'::regclass and dep.objid = d.oid
                         join pg_class s on s.oid = dep.refobjid and dep.refclassid = 'pg_class'::regclass and s.relkind = 'S'
                         where d.adrelid = a.attrelid and d.adnum = a.attnum))`,
  );

/**
 * A table created after the Citus migration is distributed by its own migration (a database that
 * already ran 011 would otherwise keep it local), and its foreign keys to tenant tables are added
 * after that call, with ALTER TABLE: Citus refuses a plain table that references a distributed one.
 */
export function creationProblems(
  creations: readonly TableCreation[],
  calls: readonly CitusCall[],
  tenantTables: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const c of creations) {
    // Every call for the table: one created anew by a later migration is distributed again there.
    const made = calls.filter((k) => k.table === c.table).map((k) => k.migration);
    if (made.length === 0) continue; // reported by schemaProblems when the table exists
    const expected = c.migration > CITUS_MIGRATION ? c.migration : CITUS_MIGRATION;
    if (!made.includes(expected))
      problems.push(`${c.table} (created by migration ${c.migration}) is distributed by migration ${made.join(' and ')}, not ${expected}`);
    const inline = c.references.filter((r) => tenantTables.has(r));
    if (c.migration > CITUS_MIGRATION && tenantTables.has(c.table) && inline.length > 0)
      problems.push(
        `migration ${c.migration} creates ${c.table} with a foreign key to ${inline.join(', ')}: on Citus, add it with ALTER TABLE after distributing ${c.table}`,
      );
  }
  return problems;
}
