import { resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { openDatabase } from "../db/open-database.js";
import { lockDataDir } from "./data-dir-lock.js";
const openCommandDatabase = async (config, log) => {
  if (config.databaseUrl) {
    log("Connecting to PostgreSQL\u2026");
    return openDatabase(config);
  }
  const lock = lockDataDir(config.dataDir);
  if (lock.tookOverFrom !== void 0) log(`Took over a stale lock of ${resolve(config.dataDir)} (pid ${lock.tookOverFrom} is gone)`);
  log(`Opening the embedded database in ${resolve(config.dataDir)}\u2026`);
  if (config.pglite.compiler === "baseline") setFlagsFromString("--liftoff-only");
  try {
    const db = await openDatabase(config);
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
export {
  openCommandDatabase
};
//# sourceMappingURL=database.js.map
