import { resolve } from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite kept in DATA_DIR. Each adapter is
 * imported when chosen: a service on a PostgreSQL server never loads PGlite's runtime.
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(config.databaseUrl, {
      max: config.databasePoolMax,
      tenantContext: config.databaseTenantContext,
      callTimeoutMs: config.databaseCallTimeoutMs,
      ...(config.databaseListenUrl ? { listenUrl: config.databaseListenUrl } : {}),
    });
  }
  const { openPglite } = await import('./pglite.js');
  return openPglite(resolve(config.dataDir, 'pglite'), {
    sharedBuffers: config.pglite.sharedBuffers,
    maintenance: config.pglite.maintenance,
  });
}
