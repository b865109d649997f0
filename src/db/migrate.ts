import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Numbered, forward-only SQL files: `NNN_name.sql`. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: readFileSync(`${dir}/${file}`, 'utf8'),
    }));
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so concurrent starts
 * against one server apply each migration once. `upTo` stops early (upgrade tests).
 * Returns the versions applied.
 */
export async function migrate(db: Database, options: { upTo?: number } = {}): Promise<number[]> {
  const migrations = loadMigrations().filter((m) => options.upTo === undefined || m.version <= options.upTo);
  return db.transaction(
    async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('tenantbase.migrate'))");
      await tx.exec(`create table if not exists schema_migrations (
      version int primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
      const done = new Set((await tx.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version));
      const applied: number[] = [];
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await tx.exec(m.sql);
        await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
        applied.push(m.version);
      }
      return applied;
    },
    { unbounded: true }, // a migration may rightly outlast DATABASE_CALL_TIMEOUT_MS
  );
}
