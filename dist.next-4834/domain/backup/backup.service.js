import { once } from "node:events";
import { withTenant } from "../../db/with-tenant.js";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION } from "./archive.js";
import { countRows, readPage } from "./backup.repository.js";
import { BACKUP_TABLES } from "./sections.js";
async function writeLine(sink, value) {
  if (!sink.write(`${JSON.stringify(value)}
`)) await once(sink, "drain");
}
async function writeBackup(db, tenant, sink, options) {
  const header = await withTenant(db, tenant.id, { readOnly: true }, async (tx) => {
    await tx.query("set transaction isolation level repeatable read");
    const tables = {};
    for (const table of BACKUP_TABLES) tables[table.table] = await countRows(tx, table);
    const head = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      serviceVersion: options.serviceVersion,
      createdAt: options.now.toISOString(),
      tenant: { id: tenant.id, name: tenant.name, slug: tenant.slug, description: tenant.description },
      tables
    };
    await writeLine(sink, head);
    let rows = 0;
    for (const table of BACKUP_TABLES) {
      const total = tables[table.table] ?? 0;
      let done = 0;
      let after;
      for (; ; ) {
        const page = await readPage(tx, table, after);
        for (const row of page) await writeLine(sink, { table: table.table, row });
        done += page.length;
        options.onProgress?.({ table: table.table, done, total });
        if (page.length === 0 || done >= total) break;
        after = page[page.length - 1];
      }
      rows += done;
    }
    await writeLine(sink, { end: true, rows });
    return head;
  });
  sink.end();
  return header;
}
export {
  writeBackup
};
//# sourceMappingURL=backup.service.js.map
