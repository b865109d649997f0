import { loadModule, parsePlPgSQLSync, parseSync } from 'libpg-query';
import type { Queryable } from '../../../src/db/database.js';
import { loadMigrations, type Migration } from '../../../src/db/migrate.js';

/**
 * What the schema says about distribution, read from where it is decided: the catalog of a migrated
 * database (which tables exist, which hold `tenant_id`) and the Citus calls of the migrations
 * (`create_reference_table` / `create_distributed_table`, run only where the citus extension is
 * installed — see docs/scaling.md). Tenant tables are the tables with a `tenant_id` column that are
 * not reference tables.
 */
export interface CatalogTable {
  name: string;
  hasTenantId: boolean;
}

export interface CitusCall {
  table: string;
  kind: 'reference' | 'distributed';
  column?: string;
  colocateWith?: string;
  migration: number;
}

export async function readCatalogTables(db: Queryable): Promise<CatalogTable[]> {
  return db.query<CatalogTable & Record<string, unknown>>(
    `select c.relname as name,
            exists (select 1 from pg_attribute a
                     where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as "hasTenantId"
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
      order by c.relname`,
  );
}

/** Tenant tables: with `tenant_id`, and not made reference tables by the Citus migration. */
export function tenantTablesOf(tables: readonly CatalogTable[], calls: readonly CitusCall[]): string[] {
  const reference = new Set(calls.filter((c) => c.kind === 'reference').map((c) => c.table));
  return tables.filter((t) => t.hasTenantId && !reference.has(t.name)).map((t) => t.name);
}

/** Every `create_reference_table` / `create_distributed_table` call in the migrations, in order. */
export async function citusCalls(migrations: readonly Migration[] = loadMigrations()): Promise<CitusCall[]> {
  await loadModule();
  const calls: CitusCall[] = [];
  for (const m of migrations) {
    const texts = [m.sql, ...plpgsqlQueries(m.sql)];
    for (const text of texts) {
      walk(parseSync(text), (node) => {
        const call = (node as { FuncCall?: Record<string, unknown> }).FuncCall;
        if (!call) return;
        const name = nameOf(call.funcname);
        if (name !== 'create_reference_table' && name !== 'create_distributed_table') return;
        const args = (call.args as unknown[] | undefined) ?? [];
        const positional = args.map(stringConst);
        const named = new Map(
          args
            .map((a) => (a as { NamedArgExpr?: { name: string; arg: unknown } }).NamedArgExpr)
            .filter((a) => a !== undefined)
            .map((a) => [a.name, stringConst(a.arg)] as const),
        );
        const table = positional[0];
        if (!table) throw new Error(`migration ${m.version}: ${name} without a literal table name`);
        calls.push({
          table,
          kind: name === 'create_reference_table' ? 'reference' : 'distributed',
          ...(positional[1] ? { column: positional[1] } : {}),
          ...(named.get('colocate_with') ? { colocateWith: named.get('colocate_with')! } : {}),
          migration: m.version,
        });
      });
    }
  }
  return calls;
}

export interface TableCreation {
  table: string;
  migration: number;
  /** Tables its CREATE TABLE names in a REFERENCES clause. */
  references: string[];
}

/** Every CREATE TABLE of the migrations, with the tables its inline foreign keys point at. */
export async function tableCreations(migrations: readonly Migration[] = loadMigrations()): Promise<TableCreation[]> {
  await loadModule();
  const found: TableCreation[] = [];
  for (const m of migrations) {
    walk(parseSync(m.sql), (node) => {
      const create = (node as { CreateStmt?: { relation: { relname: string }; tableElts?: unknown[] } }).CreateStmt;
      if (!create) return;
      const references: string[] = [];
      walk(create.tableElts ?? [], (inner) => {
        const c = (inner as { Constraint?: { contype: string; pktable?: { relname: string } } }).Constraint;
        if (c?.contype === 'CONSTR_FOREIGN' && c.pktable) references.push(c.pktable.relname);
      });
      found.push({ table: create.relation.relname, migration: m.version, references });
    });
  }
  return found;
}

/**
 * Tables the migrations leave dropped: a DROP TABLE in a later migration than the table's last
 * CREATE TABLE (024 dropped record_index_entries, which 017 and 018 created and distributed).
 */
export async function droppedTables(migrations: readonly Migration[] = loadMigrations()): Promise<Set<string>> {
  await loadModule();
  const lastDrop = new Map<string, number>();
  for (const m of migrations) {
    walk(parseSync(m.sql), (node) => {
      const drop = (
        node as { DropStmt?: { removeType: string; objects?: Array<{ List?: { items: Array<{ String?: { sval: string } }> } }> } }
      ).DropStmt;
      if (drop?.removeType !== 'OBJECT_TABLE') return;
      for (const object of drop.objects ?? []) {
        const name = object.List?.items.at(-1)?.String?.sval;
        if (name) lastDrop.set(name, m.version);
      }
    });
  }
  const creations = await tableCreations(migrations);
  const lastCreate = (table: string) => Math.max(0, ...creations.filter((c) => c.table === table).map((c) => c.migration));
  return new Set([...lastDrop].filter(([table, at]) => at > lastCreate(table)).map(([table]) => table));
}

/** The SQL inside the migration's PL/pgSQL (DO blocks, functions), each as a statement text. */
function plpgsqlQueries(sql: string): string[] {
  const queries: string[] = [];
  walk(parsePlPgSQLSync(sql), (node) => {
    const expr = (node as { PLpgSQL_expr?: { query: string } }).PLpgSQL_expr;
    if (expr) queries.push(expr.query);
  });
  // A PERFORM is kept as SELECT …; a condition is an expression: parsed behind SELECT.
  return queries.flatMap((q) => [q, `select ${q}`].filter(parses).slice(0, 1));
}

function parses(text: string): boolean {
  try {
    parseSync(text);
    return true;
  } catch {
    return false;
  }
}

function nameOf(funcname: unknown): string | undefined {
  const parts = ((funcname as unknown[] | undefined) ?? []).map((p) => (p as { String?: { sval: string } }).String?.sval);
  return parts.at(-1);
}

function stringConst(node: unknown): string | undefined {
  const c = (node as { A_Const?: { sval?: { sval: string } } }).A_Const;
  return c?.sval?.sval;
}

function walk(tree: unknown, visit: (node: unknown) => void): void {
  if (Array.isArray(tree)) for (const item of tree) walk(item, visit);
  else if (tree && typeof tree === 'object') {
    visit(tree);
    for (const value of Object.values(tree)) walk(value, visit);
  }
}
