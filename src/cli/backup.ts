import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { Config } from '../config.js';
import type { BackupProgress } from '../domain/backup/archive.js';
import { archiveLines, gzipInto } from '../domain/backup/archive-stream.js';
import { writeBackup } from '../domain/backup/backup.service.js';
import { restoreBackup } from '../domain/backup/restore.service.js';
import { findTenant } from '../domain/tenants/tenant.repository.js';
import { AppError } from '../errors.js';
import { SERVICE_VERSION } from '../version.js';
import type { DatabaseOpener } from './database.js';
import { CommandError, type CliIo } from './io.js';
import { migrateVerbosely } from './migrate.js';

/** Progress on stderr: a line when a table is done (and every 10,000 rows of a large one). */
function progressLines(log: (line: string) => void, verb: string) {
  return ({ table, done, total }: BackupProgress) => {
    if (done === total || done % 10_000 === 0) log(`${verb} ${table}: ${done}/${total}`);
  };
}

async function withMigratedDatabase<T>(
  config: Config,
  io: CliIo,
  open: DatabaseOpener,
  work: (db: Awaited<ReturnType<DatabaseOpener>>) => Promise<T>,
) {
  const db = await open(config, io.log);
  try {
    await migrateVerbosely(db, io.log);
    return await work(db);
  } catch (error) {
    if (error instanceof AppError) throw new CommandError(error.message);
    throw error;
  } finally {
    await db.close();
  }
}

export interface BackupCommandIo extends CliIo {
  /** Where the archive goes without --output (stdout). */
  stdout: Writable;
}

/** `tenantbase backup <tenant> [--output file]`: the tenant's complete state as one gzip archive. */
export async function backupCommand(
  config: Config,
  io: BackupCommandIo,
  open: DatabaseOpener,
  args: { tenant: string; output?: string | undefined },
): Promise<void> {
  if (!args.output && 'isTTY' in io.stdout && io.stdout.isTTY) {
    throw new CommandError(
      'The archive is binary: give --output <file>, or redirect stdout (tenantbase backup acme > acme.tbbackup.gz)',
      2,
    );
  }
  await withMigratedDatabase(config, io, open, async (db) => {
    const tenant = await findTenant(db, args.tenant);
    if (!tenant) throw new CommandError(`No tenant "${args.tenant}" (give its slug or id)`);
    const out = args.output ? createWriteStream(args.output) : io.stdout;
    const { sink, done } = gzipInto(out);
    io.log(`Backing up tenant ${tenant.slug} (${tenant.id})…`);
    const header = await writeBackup(db, tenant, sink, {
      serviceVersion: SERVICE_VERSION,
      now: new Date(),
      onProgress: progressLines(io.log, 'backed up'),
    });
    await done;
    const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
    io.log(`Backed up ${rows} rows of ${tenant.slug}${args.output ? ` to ${args.output}` : ''}`);
  });
}

/** `tenantbase restore <file|-> [--slug s] [--name n]`: an archive as a new tenant of this service. */
export async function restoreCommand(
  config: Config,
  io: CliIo,
  open: DatabaseOpener,
  args: { file: string; slug?: string | undefined; name?: string | undefined },
): Promise<void> {
  const source: Readable = args.file === '-' ? io.stdin : createReadStream(args.file);
  await withMigratedDatabase(config, io, open, async (db) => {
    const result = await restoreBackup(db, archiveLines(source), {
      slug: args.slug,
      name: args.name,
      onProgress: progressLines(io.log, 'restored'),
      onRenamedSite: ({ subdomain, restoredAs }) =>
        io.logger.warn(`Site ${subdomain} restored as ${restoredAs}: ${subdomain} is held by another tenant of this service`),
    });
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    io.log(
      `Restored ${rows} rows as tenant ${result.tenant.slug} (${result.tenant.id}${result.keptId ? ', the id it had' : ", a new id: the archive's is taken here"})`,
    );
    io.out(JSON.stringify(result));
  });
}
