import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Database } from '../../db/database.js';
import { withTenant } from '../../db/with-tenant.js';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type ArchiveHeader, type ArchiveTenant, type BackupProgress } from './archive.js';
import { countRows, readPage } from './backup.repository.js';
import { BACKUP_TABLES } from './sections.js';

export interface BackupOptions {
  serviceVersion: string;
  now: Date;
  onProgress?: (progress: BackupProgress) => void;
}

async function writeLine(sink: Writable, value: unknown): Promise<void> {
  if (!sink.write(`${JSON.stringify(value)}\n`)) await once(sink, 'drain');
}

/**
 * Writes the tenant's complete state to `sink` as archive lines (archive.ts), then ends it. Every
 * table is read in one REPEATABLE READ transaction, so the archive is one consistent snapshot
 * even while the service keeps writing; on the embedded database that transaction holds the one
 * connection until the archive is written (docs/backup.md).
 */
export async function writeBackup(db: Database, tenant: ArchiveTenant, sink: Writable, options: BackupOptions): Promise<ArchiveHeader> {
  const header = await withTenant(db, tenant.id, { readOnly: true }, async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const tables: Record<string, number> = {};
    for (const table of BACKUP_TABLES) tables[table.table] = await countRows(tx, table);
    const head: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      serviceVersion: options.serviceVersion,
      createdAt: options.now.toISOString(),
      tenant: { id: tenant.id, name: tenant.name, slug: tenant.slug, description: tenant.description },
      tables,
    };
    await writeLine(sink, head);
    let rows = 0;
    for (const table of BACKUP_TABLES) {
      const total = tables[table.table] ?? 0;
      let done = 0;
      let after: Record<string, unknown> | undefined;
      for (;;) {
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
