import { migrate } from "./db/migrate.js";
import { openDatabase } from "./db/open-database.js";
import { verifyTenantIsolation } from "./db/with-tenant.js";
import { bootstrapAdmin } from "./domain/admins/admin.service.js";
import { createServices } from "./services.js";
import { buildApp } from "./transports/http/build-app.js";
async function prepareRuntime(config, log, options = {}) {
  const db = options.db ?? await openDatabase(config);
  try {
    await migrate(db);
    await verifyTenantIsolation(db);
    const services = await createServices(db, config, {
      ...options.clock ? { clock: options.clock } : {},
      ...options.hooks ? { hooks: options.hooks } : {}
    });
    const created = await bootstrapAdmin(db, config);
    if (created?.generatedPassword) {
      log(
        `Created the first administrator ${created.email} with password ${created.generatedPassword}
  (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`
      );
    } else if (created) {
      log(`Created the first administrator ${created.email}`);
    }
    const app = await buildApp({ db, config, services });
    return {
      db,
      services,
      app,
      close: async () => {
        await app.close();
        await db.close();
      }
    };
  } catch (error) {
    await db.close().catch(() => void 0);
    throw error;
  }
}
export {
  prepareRuntime
};
//# sourceMappingURL=start.js.map
