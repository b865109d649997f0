import { accessSync, constants } from "node:fs";
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../config.js";
import { loadMigrations } from "../db/migrate.js";
import { tenantIsolationProblems } from "../db/with-tenant.js";
import { DataDirLockedError } from "./data-dir-lock.js";
import { CommandError } from "./io.js";
const message = (error) => error instanceof Error ? error.message : String(error);
async function pendingMigrations(db) {
  const [table] = await db.query("select to_regclass('schema_migrations') is not null as exists");
  const done = table?.exists ? new Set((await db.query("select version from schema_migrations")).map((r) => r.version)) : /* @__PURE__ */ new Set();
  return loadMigrations().map((m) => m.version).filter((v) => !done.has(v));
}
async function databaseFindings(db, config) {
  const [version] = await db.query("select current_setting('server_version') as v");
  const where = config.databaseUrl ? "PostgreSQL server" : `embedded PGlite in ${resolve(config.dataDir)}`;
  const findings = [{ ok: true, what: "database", says: `${where} answers (PostgreSQL ${version?.v ?? "?"})` }];
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    findings.push({
      ok: false,
      what: "migrations",
      says: `${pending.length} not applied (${pending.join(", ")}): run \`tenantbase migrate\` (serve applies them too)`
    });
    return findings;
  }
  findings.push({ ok: true, what: "migrations", says: "all applied" });
  const problems = await tenantIsolationProblems(db);
  findings.push(
    problems.length === 0 ? {
      ok: true,
      what: "isolation",
      says: "tenant work runs as tenantbase_app, bound by forced row-level security on every table it reaches"
    } : { ok: false, what: "isolation", says: `the service would refuse to start: ${problems.join("; ")}` }
  );
  const [admins] = await db.query("select count(*)::int as n from admins");
  findings.push(
    (admins?.n ?? 0) > 0 ? { ok: true, what: "administrators", says: `${admins?.n} administrator(s)` } : {
      ok: true,
      what: "administrators",
      says: "none yet: the first start creates one (ADMIN_EMAIL/ADMIN_PASSWORD, else admin@localhost)"
    }
  );
  return findings;
}
function configFindings(config) {
  const findings = [{ ok: true, what: "configuration", says: "the environment parses" }];
  if (config.port !== 0 && config.port === config.mcp.port) {
    findings.push({ ok: false, what: "ports", says: `PORT and MCP_SERVER_PORT are both ${config.port}: give them different ports` });
  }
  if (!config.databaseUrl) {
    const dir = resolve(config.dataDir);
    try {
      accessSync(dir, constants.W_OK);
      findings.push({ ok: true, what: "data directory", says: `${dir} is writable` });
    } catch {
      findings.push({
        ok: true,
        what: "data directory",
        says: `${dir} does not exist yet (or is not writable); it is created at first start`
      });
    }
  }
  return findings;
}
async function doctor(env, io, open) {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.out(`FAIL configuration: ${error.message}`);
    throw new CommandError("doctor found a problem (above)");
  }
  const findings = configFindings(config);
  let db;
  try {
    db = await open(config, () => void 0);
    findings.push(...await databaseFindings(db, config));
  } catch (error) {
    const says = error instanceof DataDirLockedError ? `${error.message} (doctor needs the embedded database to itself; /api/health answers while it runs)` : `cannot reach it: ${message(error)}`;
    findings.push({ ok: false, what: "database", says });
  } finally {
    await db?.close();
  }
  for (const f of findings) io.out(`${f.ok ? "ok  " : "FAIL"} ${f.what}: ${f.says}`);
  const failed = findings.filter((f) => !f.ok).length;
  if (failed > 0) throw new CommandError(`doctor found ${failed} problem(s) (above)`);
  io.log("doctor: nothing wrong found");
}
export {
  doctor
};
//# sourceMappingURL=doctor.js.map
