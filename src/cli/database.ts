import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { lockDataDir } from './data-dir-lock.js';

/** How commands open the database; tests pass their own (a fresh test database). */
export type DatabaseOpener = (config: Config, log: (line: string) => void) => Promise<Database>;

/**
 * Opens the configured database for a command. The embedded one is locked first (one process per
 * data directory); the lock is released when the database closes.
 */
export const openCommandDatabase: DatabaseOpener = async (config, log) => {
  // Imported here: commands that never open a database (--help, mcp) do not load its drivers.
  const { openDatabase } = await import('../db/open-database.js');
  if (config.databaseUrl) {
    log('Connecting to PostgreSQL…');
    return openDatabase(config);
  }
  const lock = lockDataDir(config.dataDir);
  if (lock.tookOverFrom !== undefined) log(`Took over a stale lock of ${resolve(config.dataDir)} (pid ${lock.tookOverFrom} is gone)`);
  log(`Opening the embedded database in ${resolve(config.dataDir)}…`);
  // Before PGlite compiles its WebAssembly: baseline code only (see docs/operations.md).
  if (config.pglite.compiler === 'baseline') setFlagsFromString('--liftoff-only');
  try {
    const db = await openDatabase(config);
    // The same object (the tenant engine is registered on it), closing the lock behind it.
    const closeDatabase = db.close.bind(db);
    db.close = async () => {
      try {
        await closeDatabase();
      } finally {
        lock.release();
      }
    };
    return db;
  } catch (error) {
    lock.release();
    throw error;
  }
};
