import { resolve } from "node:path";
import { openPglite } from "./pglite.js";
import { openPostgres } from "./postgres.js";
function openDatabase(config) {
  return config.databaseUrl ? openPostgres(config.databaseUrl, {
    max: config.databasePoolMax,
    tenantContext: config.databaseTenantContext,
    ...config.databaseListenUrl ? { listenUrl: config.databaseListenUrl } : {}
  }) : openPglite(resolve(config.dataDir, "pglite"), { sharedBuffers: config.pglite.sharedBuffers });
}
export {
  openDatabase
};
//# sourceMappingURL=open-database.js.map
