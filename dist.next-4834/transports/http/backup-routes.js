import { archiveLines, gzipInto } from "../../domain/backup/archive-stream.js";
import { writeBackup } from "../../domain/backup/backup.service.js";
import { restoreBackup } from "../../domain/backup/restore.service.js";
import { findTenant } from "../../domain/tenants/tenant.repository.js";
import { AppError, forbidden, notFound, unauthorized, validationError } from "../../errors.js";
import { buildOperationContext } from "../request-context.js";
import { requestToken } from "./credentials.js";
import { HTTP_STATUS } from "./errors.js";
const ARCHIVE_TYPES = ["application/gzip", "application/octet-stream"];
async function requireAdmin(deps, request) {
  const ctx = await buildOperationContext(deps, "rest", { token: requestToken(request), clientAddress: request.ip });
  if (!ctx.principal) throw unauthorized();
  if (ctx.principal.kind !== "admin")
    throw forbidden("Only an administrator (admin token or admin API key) may back up or restore a tenant");
}
const text = (v) => typeof v === "string" && v !== "" ? v : void 0;
async function registerBackupRoutes(app, deps) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(ARCHIVE_TYPES, (_request, payload, done) => done(null, payload));
    scope.get("/api/backups/:tenant", async (request, reply) => {
      await requireAdmin(deps, request);
      const tenant = await findTenant(deps.db, request.params.tenant);
      if (!tenant) throw notFound(`No tenant "${request.params.tenant}"`);
      const stamp = deps.services.clock.now().toISOString().slice(0, 19).replace(/[:T]/g, "-");
      reply.hijack();
      reply.raw.writeHead(200, {
        "content-type": "application/gzip",
        "content-disposition": `attachment; filename="${tenant.slug}-${stamp}.tbbackup.gz"`,
        "cache-control": "no-store"
      });
      const { sink, done } = gzipInto(reply.raw);
      try {
        await writeBackup(deps.db, tenant, sink, { serviceVersion: deps.services.version, now: deps.services.clock.now() });
        await done;
      } catch (error) {
        request.log.error({ err: error }, "backup failed");
        reply.raw.destroy();
      }
      return reply;
    });
    scope.post("/api/backups", async (request, reply) => {
      await requireAdmin(deps, request);
      const body = request.body;
      if (!body || typeof body.pipe !== "function") {
        throw validationError(`Send the archive as the body, with Content-Type ${ARCHIVE_TYPES.join(" or ")}`);
      }
      const options = { slug: text(request.query.slug), name: text(request.query.name) };
      const accept = request.headers.accept ?? "";
      if (!accept.includes("application/x-ndjson")) {
        const result = await restoreBackup(deps.db, archiveLines(body), options);
        return reply.code(201).send({ success: true, data: result });
      }
      return streamWithProgress(deps, reply, body, options);
    });
  });
}
async function streamWithProgress(deps, reply, body, options) {
  reply.hijack();
  reply.raw.writeHead(200, { "content-type": "application/x-ndjson", "cache-control": "no-store" });
  const line = (value) => reply.raw.write(`${JSON.stringify(value)}
`);
  try {
    const result = await restoreBackup(deps.db, archiveLines(body), {
      ...options,
      onProgress: (progress) => void line({ progress })
    });
    line({ success: true, data: result });
  } catch (error) {
    const e = error instanceof AppError ? error : new AppError("INTERNAL_ERROR", "An unexpected error occurred");
    line({ success: false, error: { code: e.code, message: e.message }, status: HTTP_STATUS[e.code] });
  }
  reply.raw.end();
  return reply;
}
export {
  registerBackupRoutes
};
//# sourceMappingURL=backup-routes.js.map
