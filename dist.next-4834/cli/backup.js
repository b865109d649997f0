import { createReadStream, createWriteStream } from "node:fs";
import { archiveLines, gzipInto } from "../domain/backup/archive-stream.js";
import { writeBackup } from "../domain/backup/backup.service.js";
import { restoreBackup } from "../domain/backup/restore.service.js";
import { findTenant } from "../domain/tenants/tenant.repository.js";
import { AppError } from "../errors.js";
import { SERVICE_VERSION } from "../services.js";
import { CommandError } from "./io.js";
import { migrateVerbosely } from "./migrate.js";
function progressLines(log, verb) {
  return ({ table, done, total }) => {
    if (done === total || done % 1e4 === 0) log(`${verb} ${table}: ${done}/${total}`);
  };
}
async function withMigratedDatabase(config, io, open, work) {
  const db = await open(config, io.log);
  try {
    await migrateVerbosely(db, io.log);
    return await work(db);
  } catch (error) {
    if (error instanceof AppError) throw new CommandError(error.message);
    throw error;
  } finally {
    await db.close();
  }
}
async function backupCommand(config, io, open, args) {
  if (!args.output && "isTTY" in io.stdout && io.stdout.isTTY) {
    throw new CommandError(
      "The archive is binary: give --output <file>, or redirect stdout (tenantbase backup acme > acme.tbbackup.gz)",
      2
    );
  }
  await withMigratedDatabase(config, io, open, async (db) => {
    const tenant = await findTenant(db, args.tenant);
    if (!tenant) throw new CommandError(`No tenant "${args.tenant}" (give its slug or id)`);
    const out = args.output ? createWriteStream(args.output) : io.stdout;
    const { sink, done } = gzipInto(out);
    io.log(`Backing up tenant ${tenant.slug} (${tenant.id})\u2026`);
    const header = await writeBackup(db, tenant, sink, {
      serviceVersion: SERVICE_VERSION,
      now: /* @__PURE__ */ new Date(),
      onProgress: progressLines(io.log, "backed up")
    });
    await done;
    const rows = Object.values(header.tables).reduce((a, b) => a + b, 0);
    io.log(`Backed up ${rows} rows of ${tenant.slug}${args.output ? ` to ${args.output}` : ""}`);
  });
}
async function restoreCommand(config, io, open, args) {
  const source = args.file === "-" ? io.stdin : createReadStream(args.file);
  await withMigratedDatabase(config, io, open, async (db) => {
    const result = await restoreBackup(db, archiveLines(source), {
      slug: args.slug,
      name: args.name,
      onProgress: progressLines(io.log, "restored")
    });
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    io.log(
      `Restored ${rows} rows as tenant ${result.tenant.slug} (${result.tenant.id}${result.keptId ? ", the id it had" : ", a new id: the archive's is taken here"})`
    );
    io.out(JSON.stringify(result));
  });
}
export {
  backupCommand,
  restoreCommand
};
//# sourceMappingURL=backup.js.map
