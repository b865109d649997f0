import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { DatabaseOpener } from './database.js';
import type { CliIo } from './io.js';

/** Applies pending migrations, saying which and how long they took. */
export async function migrateVerbosely(db: Database, log: (line: string) => void): Promise<number[]> {
  log('Migrating the database…');
  const started = performance.now();
  const applied = await migrate(db);
  const ms = Math.round(performance.now() - started);
  log(applied.length ? `Applied migrations ${applied.join(', ')} in ${ms} ms` : 'The database schema is up to date');
  return applied;
}

/** `tenantbase migrate`: apply pending migrations and exit. */
export async function migrateCommand(config: Config, io: CliIo, open: DatabaseOpener): Promise<void> {
  const db = await open(config, io.log);
  try {
    await migrateVerbosely(db, io.log);
  } finally {
    await db.close();
  }
}
