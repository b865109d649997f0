import type { Queryable } from '../../db/database.js';
import type { TenantTx } from '../../db/with-tenant.js';
import type { BackupTable } from './sections.js';

/** Tables and keys come from BACKUP_TABLES and column names from the catalog, never from input. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const PAGE_SIZE = 500;

export async function countRows(tx: TenantTx, table: BackupTable): Promise<number> {
  const [row] = await tx.query<{ n: number }>(`select count(*)::int as n from ${ident(table.table)} where tenant_id = $1`, [tx.tenantId]);
  return row?.n ?? 0;
}

/**
 * One page of a table's rows as JSON (without `tenant_id` and its derived columns), in key order after `after` (the last
 * row of the previous page): keyset paging, so every page costs the same.
 */
export async function readPage(
  tx: TenantTx,
  table: BackupTable,
  after: Record<string, unknown> | undefined,
): Promise<Array<Record<string, unknown>>> {
  const keys = table.key.map((k) => `t.${ident(k)}`).join(', ');
  const from = after
    ? `and (${keys}) > (select ${table.key.map((k) => `p.${ident(k)}`).join(', ')} from jsonb_populate_record(null::${ident(table.table)}, $2::jsonb) p)`
    : '';
  const left = ['tenant_id', ...(table.derived ?? [])].map((c) => ` - '${c.replace(/'/g, "''")}'`).join('');
  const rows = await tx.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(t)${left} as row from ${ident(table.table)} t where t.tenant_id = $1 ${from} order by ${keys} limit ${table.pageSize ?? PAGE_SIZE}`,
    after ? [tx.tenantId, JSON.stringify(after)] : [tx.tenantId],
  );
  return rows.map((r) => r.row);
}

/** The columns of the backup tables, by table (what a restore may write). */
export async function tableColumns(tx: TenantTx, tables: readonly string[]): Promise<Map<string, Set<string>>> {
  const rows = await tx.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = any($1::text[]) and a.attnum > 0 and not a.attisdropped`,
    [tables],
  );
  const columns = new Map<string, Set<string>>();
  for (const r of rows) columns.set(r.table, (columns.get(r.table) ?? new Set()).add(r.column));
  return columns;
}

/** Inserts rows of one table into the transaction's tenant; columns not given take their defaults. */
export async function insertRows(
  tx: TenantTx,
  table: string,
  columns: readonly string[],
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  const list = columns.map(ident).join(', ');
  await tx.query(
    `insert into ${ident(table)} (tenant_id, ${list})
     select $1, ${list} from jsonb_populate_recordset(null::${ident(table)}, $2::jsonb)`,
    [tx.tenantId, JSON.stringify(rows)],
  );
}

/** The restored tenant: the archive's id when it is free here, else a new one. */
export async function insertRestoredTenant(
  db: Queryable,
  t: { id: string; name: string; slug: string; description: string },
): Promise<{ id: string; slug: string; name: string }> {
  const [row] = await db.query<{ id: string; slug: string; name: string }>(
    `insert into tenants (id, name, slug, description)
     values (case when exists (select 1 from tenants where id = $1) then gen_random_uuid() else $1 end, $2, $3, $4)
     returning id, slug, name`,
    [t.id, t.name, t.slug, t.description],
  );
  return row!;
}

export async function deleteTenantRow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from tenants where id = $1', [id]);
}
