import { withTenant } from "../../db/with-tenant.js";
import { validationError } from "../../errors.js";
import { checkHeader, checkRow, isTrailer, parseLine } from "./archive.js";
import { deleteTenantRow, insertRestoredTenant, insertRows, tableColumns } from "./backup.repository.js";
import { SLUG_PATTERN } from "../tenants/tenant.service.js";
import { BACKUP_TABLES } from "./sections.js";
const BATCH = 500;
async function restoreRows(tx, header, lines, onProgress) {
  const known = new Map(BACKUP_TABLES.map((t, i) => [t.table, i]));
  for (const table of Object.keys(header.tables)) {
    if (!known.has(table))
      throw validationError(`The backup archive holds table "${table}", which this service does not know (a newer version made it?)`);
  }
  const columns = await tableColumns(tx, [...known.keys()]);
  const restored = Object.fromEntries(Object.keys(header.tables).map((t) => [t, 0]));
  let batch = [];
  let batchTable;
  let batchColumns = /* @__PURE__ */ new Set();
  let lastOrder = -1;
  const flush = async () => {
    if (!batchTable || batch.length === 0) return;
    await insertRows(tx, batchTable, [...batchColumns], batch);
    const done = (restored[batchTable] ?? 0) + batch.length;
    restored[batchTable] = done;
    onProgress?.({ table: batchTable, done, total: header.tables[batchTable] ?? 0 });
    batch = [];
    batchColumns = /* @__PURE__ */ new Set();
  };
  let lineNumber = 1;
  for (; ; ) {
    const next = await lines.next();
    lineNumber++;
    if (next.done) throw validationError("The backup archive is truncated: it ends before its last line");
    const value = parseLine(next.value, lineNumber);
    if (isTrailer(value)) {
      await flush();
      const total = Object.values(restored).reduce((a, b) => a + b, 0);
      for (const [table2, count] of Object.entries(header.tables)) {
        if (restored[table2] !== count) {
          throw validationError(
            `The backup archive is damaged: its header announces ${count} rows of ${table2}, it holds ${restored[table2] ?? 0}`
          );
        }
      }
      if (value.rows !== total) throw validationError(`The backup archive is damaged: it ends after ${total} rows, not ${value.rows}`);
      return restored;
    }
    const { table, row } = checkRow(value, lineNumber);
    const order = known.get(table);
    if (order === void 0 || !(table in header.tables))
      throw validationError(`The backup archive is damaged: line ${lineNumber} names table "${table}"`);
    if (order < lastOrder) throw validationError(`The backup archive is damaged: table ${table} comes after a table restored after it`);
    const allowed = columns.get(table) ?? /* @__PURE__ */ new Set();
    for (const column of Object.keys(row)) {
      if (column === "tenant_id" || !allowed.has(column)) {
        throw validationError(
          `The backup archive has a column "${column}" of ${table} this service does not know (a newer version made it?)`
        );
      }
    }
    if (table !== batchTable || batch.length >= BATCH) await flush();
    batchTable = table;
    lastOrder = order;
    for (const column of Object.keys(row)) batchColumns.add(column);
    batch.push(row);
  }
}
async function restoreBackup(db, lines, options = {}) {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw validationError("The backup archive is empty");
  const header = checkHeader(parseLine(first.value, 1));
  const slug = options.slug ?? header.tenant.slug;
  if (!SLUG_PATTERN.test(slug)) throw validationError(`"${slug}" is not a tenant slug (lowercase letters, digits and single hyphens)`);
  const tenant = await insertRestoredTenant(db, {
    id: header.tenant.id,
    name: options.name ?? header.tenant.name,
    slug,
    description: header.tenant.description
  });
  try {
    const tables = await withTenant(db, tenant.id, { readOnly: false }, (tx) => restoreRows(tx, header, iterator, options.onProgress));
    return { tenant, keptId: tenant.id === header.tenant.id, tables };
  } catch (error) {
    await deleteTenantRow(db, tenant.id);
    throw error;
  }
}
export {
  restoreBackup
};
//# sourceMappingURL=restore.service.js.map
