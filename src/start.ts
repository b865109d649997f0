import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './domain/auth/clock.js';
import { migrate } from './db/migrate.js';
import type { Logger } from './logging.js';
import { openDatabase } from './db/open-database.js';
import { verifyTenantIsolation } from './db/with-tenant.js';
import { bootstrapAdmin } from './domain/admins/admin.service.js';
import { listTenants } from './domain/tenants/tenant.repository.js';
import { createServices, type HookContributions, type Services } from './services.js';
import { buildApp } from './transports/http/build-app.js';

export interface Runtime {
  db: Database;
  services: Services;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it, checks isolation, bootstraps the first admin, builds the app.
 * `announce` receives the first administrator's generated password, once: it is an answer for the
 * operator (stdout under `serve`), never a log line. The app logs to `options.logger`.
 */
export async function prepareRuntime(
  config: Config,
  announce: (line: string) => void,
  options: { db?: Database; clock?: Clock; hooks?: HookContributions; logger?: Logger } = {},
): Promise<Runtime> {
  const db = options.db ?? (await openDatabase(config));
  try {
    await migrate(db);
    await verifyTenantIsolation(db);
    const services = await createServices(db, config, {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.hooks ? { hooks: options.hooks } : {}),
    });
    const created = await bootstrapAdmin(db, config);
    if (created?.generatedPassword) {
      announce(
        `Created the first administrator ${created.email} with password ${created.generatedPassword}\n` +
          '  (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)',
      );
    } else if (created) {
      options.logger?.info(`Created the first administrator ${created.email}`);
    }
    const app = await buildApp({ db, config, services, ...(options.logger ? { logger: options.logger } : {}) });
    // Index builds a stopped process left resume now, in the background (docs/entities.md, "Indexes").
    services.indexBuilder.resumeAll(async () => (await listTenants(db)).map((t) => t.id));
    return {
      db,
      services,
      app,
      close: async () => {
        await app.close();
        await services.indexBuilder.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
