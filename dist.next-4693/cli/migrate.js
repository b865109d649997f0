import { migrate } from "../db/migrate.js";
async function migrateVerbosely(db, log) {
  log("Migrating the database\u2026");
  const started = performance.now();
  const applied = await migrate(db);
  const ms = Math.round(performance.now() - started);
  log(applied.length ? `Applied migrations ${applied.join(", ")} in ${ms} ms` : "The database schema is up to date");
  return applied;
}
async function migrateCommand(config, io, open) {
  const db = await open(config, io.log);
  try {
    await migrateVerbosely(db, io.log);
  } finally {
    await db.close();
  }
}
export {
  migrateCommand,
  migrateVerbosely
};
//# sourceMappingURL=migrate.js.map
