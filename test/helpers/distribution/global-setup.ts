import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../../src/db/migrate.js';
import { openPglite, pgliteImage } from '../../../src/db/pglite.js';
import { openPostgres } from '../../../src/db/postgres.js';
import type { ObservedStatement } from '../../../src/db/statement-observer.js';
import { citusCalls, readCatalogTables, tenantTablesOf } from './schema-catalog.js';
import { createRouterTap } from './tap.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tables the router check treats as tenant tables (schema-catalog.ts), for every test file. */
    routerTenantTables: string[];
    /**
     * The data directory image (a tar file) of the embedded database this run migrated: each
     * migrated PGlite test database opens a copy of it (test/helpers/database.ts).
     */
    pgliteImage: string;
    /**
     * The `postgres` project: a database of the DATABASE_URL server this run migrated, the
     * template each migrated test database is created from (test/helpers/database.ts).
     */
    postgresTemplate: string;
  }
}

/**
 * Once per run: the tenant tables, read from the catalog of a freshly migrated database (embedded:
 * every project runs the same migrations) and the migrations' Citus calls, handed to each test
 * file (`inject`) so that every test database's router check knows the full schema — even a test
 * that starts from an older one and migrates further.
 *
 * The migrations run once per run where each test file used to run them again: that embedded
 * database is also the image every migrated PGlite test database starts from (a file in the OS
 * temp directory), and the `postgres` project migrates one database of the server, the template of
 * its migrated test databases; both are removed at the end of the run. The migrations' statements
 * still go through the router check, here, as they did in each test database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const migrations: ObservedStatement[] = [];
    const db = await openPglite(undefined, { observer: { beforeStatement: (statement) => void migrations.push(statement) } });
    try {
      await migrate(db);
      const tenantTables = tenantTablesOf(await readCatalogTables(db), await citusCalls());
      const tap = await createRouterTap({ tenantTables, record: false });
      for (const statement of migrations) tap.beforeStatement(statement);
      project.provide('routerTenantTables', tenantTables);
      if (project.name === 'pglite') {
        const image = join(tmpdir(), `tenantbase-test-image-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
        cleanups.push(async () => rmSync(image, { force: true }));
        writeFileSync(image, new Uint8Array(await (await pgliteImage(db)).arrayBuffer()));
        project.provide('pgliteImage', image);
      }
    } finally {
      await db.close();
    }
    if (project.name === 'postgres') project.provide('postgresTemplate', await migratedTemplate(cleanups));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/**
 * A migrated database of the DATABASE_URL server, closed (CREATE DATABASE … TEMPLATE needs it
 * without connections), and its removal added to `cleanups`.
 */
async function migratedTemplate(cleanups: (() => Promise<void>)[]): Promise<string> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the postgres project needs DATABASE_URL');
  const template = `tb_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${template}`);
  cleanups.push(async () => {
    const again = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    await again.unsafe(`drop database if exists ${template} with (force)`).finally(() => again.end());
  });
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const db = await openPostgres(url.toString(), { max: 1 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return template;
}
