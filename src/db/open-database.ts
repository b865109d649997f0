import { resolve } from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite kept in DATA_DIR. */
export function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        max: config.databasePoolMax,
        tenantContext: config.databaseTenantContext,
        callTimeoutMs: config.databaseCallTimeoutMs,
        ...(config.databaseListenUrl ? { listenUrl: config.databaseListenUrl } : {}),
      })
    : openPglite(resolve(config.dataDir, 'pglite'), { sharedBuffers: config.pglite.sharedBuffers, maintenance: config.pglite.maintenance });
}
