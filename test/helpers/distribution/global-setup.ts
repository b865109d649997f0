import type { TestProject } from 'vitest/node';
import { migrate } from '../../../src/db/migrate.js';
import { openPglite } from '../../../src/db/pglite.js';
import { citusCalls, readCatalogTables, tenantTablesOf } from './schema-catalog.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tables the router check treats as tenant tables (schema-catalog.ts), for every test file. */
    routerTenantTables: string[];
  }
}

/**
 * Once per run: the tenant tables, read from the catalog of a freshly migrated database (embedded:
 * every project runs the same migrations) and the migrations' Citus calls, handed to each test
 * file (`inject`) so that every test database's router check knows the full schema — even a test
 * that starts from an older one and migrates further.
 */
export default async function setup(project: TestProject): Promise<void> {
  const db = await openPglite(undefined);
  try {
    await migrate(db);
    project.provide('routerTenantTables', tenantTablesOf(await readCatalogTables(db), await citusCalls()));
  } finally {
    await db.close();
  }
}
