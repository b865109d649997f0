import type { Database } from '../../db/database.js';
import { withTenant, type TenantTx } from '../../db/with-tenant.js';
import { validationError } from '../../errors.js';
import { checkHeader, checkRow, isTrailer, parseLine, type ArchiveHeader, type BackupProgress } from './archive.js';
import { deleteTenantRow, insertRestoredTenant, insertRows, tableColumns } from './backup.repository.js';
import { SLUG_PATTERN } from '../tenants/tenant.service.js';
import { BACKUP_TABLES } from './sections.js';
import { claimRestoredSites, type RestoredSite } from './site-claims.js';

export interface RestoreOptions {
  /** The restored tenant's slug and name; the archive's when absent. */
  slug?: string | undefined;
  name?: string | undefined;
  onProgress?: (progress: BackupProgress) => void;
  /** Told of each site restored under another subdomain than its own (held here by another tenant). */
  onRenamedSite?: (site: RestoredSite) => void;
}

export interface RestoreResult {
  tenant: { id: string; slug: string; name: string };
  /** Whether the tenant kept the archive's id (false: that id was taken here, a new one was given). */
  keptId: boolean;
  tables: Record<string, number>;
  /** Every restored static site and the subdomain it answers on here (`restoredAs` differs when its own was taken). */
  sites: RestoredSite[];
}

const BATCH = 500;

/** Reads the row lines into the tenant, checking each against the header and the schema. */
async function restoreRows(
  tx: TenantTx,
  header: ArchiveHeader,
  lines: AsyncIterator<string>,
  sites: RestoredSite[],
  onProgress?: (p: BackupProgress) => void,
) {
  const known = new Map(BACKUP_TABLES.map((t, i) => [t.table, i]));
  const batchSize = new Map(BACKUP_TABLES.map((t) => [t.table, t.pageSize ?? BATCH]));
  for (const table of Object.keys(header.tables)) {
    if (!known.has(table))
      throw validationError(`The backup archive holds table "${table}", which this service does not know (a newer version made it?)`);
  }
  const columns = await tableColumns(tx, [...known.keys()]);
  const restored: Record<string, number> = Object.fromEntries(Object.keys(header.tables).map((t) => [t, 0]));
  let batch: Array<Record<string, unknown>> = [];
  let batchTable: string | undefined;
  let batchColumns = new Set<string>();
  let lastOrder = -1;
  const flush = async () => {
    if (!batchTable || batch.length === 0) return;
    // A site's row needs its subdomain claimed first (global, one tenant per subdomain).
    if (batchTable === 'sites') batch = await claimRestoredSites(tx, batch, sites);
    await insertRows(tx, batchTable, [...batchColumns], batch);
    const done = (restored[batchTable] ?? 0) + batch.length;
    restored[batchTable] = done;
    onProgress?.({ table: batchTable, done, total: header.tables[batchTable] ?? 0 });
    batch = [];
    batchColumns = new Set();
  };
  let lineNumber = 1;
  for (;;) {
    const next = await lines.next();
    lineNumber++;
    if (next.done) throw validationError('The backup archive is truncated: it ends before its last line');
    const value = parseLine(next.value, lineNumber);
    if (isTrailer(value)) {
      await flush();
      const total = Object.values(restored).reduce((a, b) => a + b, 0);
      for (const [table, count] of Object.entries(header.tables)) {
        if (restored[table] !== count) {
          throw validationError(
            `The backup archive is damaged: its header announces ${count} rows of ${table}, it holds ${restored[table] ?? 0}`,
          );
        }
      }
      if (value.rows !== total) throw validationError(`The backup archive is damaged: it ends after ${total} rows, not ${value.rows}`);
      return restored;
    }
    const { table, row } = checkRow(value, lineNumber);
    const order = known.get(table);
    if (order === undefined || !(table in header.tables))
      throw validationError(`The backup archive is damaged: line ${lineNumber} names table "${table}"`);
    if (order < lastOrder) throw validationError(`The backup archive is damaged: table ${table} comes after a table restored after it`);
    const allowed = columns.get(table) ?? new Set<string>();
    for (const column of Object.keys(row)) {
      if (column === 'tenant_id' || !allowed.has(column)) {
        throw validationError(
          `The backup archive has a column "${column}" of ${table} this service does not know (a newer version made it?)`,
        );
      }
    }
    if (table !== batchTable || batch.length >= (batchSize.get(table) ?? BATCH)) await flush();
    batchTable = table;
    lastOrder = order;
    for (const column of Object.keys(row)) batchColumns.add(column);
    batch.push(row);
  }
}

/**
 * Restores an archive as a new tenant of this service (docs/backup.md). Every row keeps its id:
 * ids are unique within a tenant, and every key of a tenant table leads with `tenant_id`, so the
 * same ids can live in two tenants. The tenant keeps the archive's id when it is free here. The
 * rows go in one transaction: a damaged archive restores nothing.
 */
export async function restoreBackup(db: Database, lines: AsyncIterable<string>, options: RestoreOptions = {}): Promise<RestoreResult> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw validationError('The backup archive is empty');
  const header = checkHeader(parseLine(first.value, 1));
  const slug = options.slug ?? header.tenant.slug;
  if (!SLUG_PATTERN.test(slug)) throw validationError(`"${slug}" is not a tenant slug (lowercase letters, digits and single hyphens)`);
  const tenant = await insertRestoredTenant(db, {
    id: header.tenant.id,
    name: options.name ?? header.tenant.name,
    slug,
    description: header.tenant.description,
  });
  try {
    const sites: RestoredSite[] = [];
    const tables = await withTenant(db, tenant.id, { readOnly: false }, (tx) =>
      restoreRows(tx, header, iterator, sites, options.onProgress),
    );
    for (const site of sites) if (site.restoredAs !== site.subdomain) options.onRenamedSite?.(site);
    return { tenant, keptId: tenant.id === header.tenant.id, tables, sites };
  } catch (error) {
    await deleteTenantRow(db, tenant.id);
    throw error;
  }
}
