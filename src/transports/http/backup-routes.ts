import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BackupProgress } from '../../domain/backup/archive.js';
import { archiveLines, gzipInto } from '../../domain/backup/archive-stream.js';
import { writeBackup } from '../../domain/backup/backup.service.js';
import { restoreBackup } from '../../domain/backup/restore.service.js';
import { findTenant } from '../../domain/tenants/tenant.repository.js';
import { AppError, forbidden, notFound, unauthorized, validationError } from '../../errors.js';
import type { Logger } from '../../logging.js';
import { buildOperationContext, type TransportDeps } from '../request-context.js';
import { requestToken } from './credentials.js';
import { HTTP_STATUS } from './errors.js';

const ARCHIVE_TYPES = ['application/gzip', 'application/octet-stream'];

/** Administrators only: a backup holds every user's password hash. */
async function requireAdmin(deps: TransportDeps, request: FastifyRequest): Promise<void> {
  const ctx = await buildOperationContext(deps, 'rest', {
    token: requestToken(request),
    clientAddress: request.ip,
    log: request.log as Logger,
  });
  if (!ctx.principal) throw unauthorized();
  if (ctx.principal.kind !== 'admin')
    throw forbidden('Only an administrator (admin token or admin API key) may back up or restore a tenant');
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Backups over HTTP (docs/backup.md) — not operations of the catalogue: their bodies are gzip
 * streams, not JSON, and they have no MCP tool.
 *   GET  /api/backups/{tenant}   the archive, streamed (`application/gzip`); its first line counts the rows of each table
 *   POST /api/backups?slug=&name=  body: an archive → 201 `{ tenant, keptId, tables }`; with
 *        `Accept: application/x-ndjson`, progress lines `{ "progress": { table, done, total } }` first, the envelope last
 */
export async function registerBackupRoutes(app: FastifyInstance, deps: TransportDeps): Promise<void> {
  await app.register(async (scope) => {
    // The archive arrives as a stream; only these routes read such bodies.
    scope.addContentTypeParser(ARCHIVE_TYPES, (_request, payload, done) => done(null, payload));

    scope.get<{ Params: { tenant: string } }>('/api/backups/:tenant', async (request, reply) => {
      await requireAdmin(deps, request);
      const tenant = await findTenant(deps.db, request.params.tenant);
      if (!tenant) throw notFound(`No tenant "${request.params.tenant}"`);
      const stamp = deps.services.clock.now().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'application/gzip',
        'content-disposition': `attachment; filename="${tenant.slug}-${stamp}.tbbackup.gz"`,
        'cache-control': 'no-store',
      });
      const { sink, done } = gzipInto(reply.raw);
      try {
        await writeBackup(deps.db, tenant, sink, { serviceVersion: deps.services.version, now: deps.services.clock.now() });
        await done;
      } catch (error) {
        // Headers are gone: cut the stream, so the client holds an archive without its last line, which no restore accepts.
        request.log.error({ err: error }, 'backup failed');
        reply.raw.destroy();
      }
      return reply;
    });

    scope.post<{ Querystring: Record<string, unknown> }>('/api/backups', async (request, reply) => {
      await requireAdmin(deps, request);
      const body = request.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function') {
        throw validationError(`Send the archive as the body, with Content-Type ${ARCHIVE_TYPES.join(' or ')}`);
      }
      const options = { slug: text(request.query.slug), name: text(request.query.name) };
      const accept = request.headers.accept ?? '';
      if (!accept.includes('application/x-ndjson')) {
        const result = await restoreBackup(deps.db, archiveLines(body), options);
        return reply.code(201).send({ success: true, data: result });
      }
      return streamWithProgress(deps, reply, body, options);
    });
  });
}

/** The restore with progress lines: the status is sent first, so the last line says how it ended. */
async function streamWithProgress(
  deps: TransportDeps,
  reply: FastifyReply,
  body: Readable,
  options: { slug?: string | undefined; name?: string | undefined },
) {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
  const line = (value: unknown) => reply.raw.write(`${JSON.stringify(value)}\n`);
  try {
    const result = await restoreBackup(deps.db, archiveLines(body), {
      ...options,
      onProgress: (progress: BackupProgress) => void line({ progress }),
      onRenamedSite: (site) => void line({ renamedSite: site }),
    });
    line({ success: true, data: result });
  } catch (error) {
    const e = error instanceof AppError ? error : new AppError('INTERNAL_ERROR', 'An unexpected error occurred');
    line({ success: false, error: { code: e.code, message: e.message }, status: HTTP_STATUS[e.code] });
  }
  reply.raw.end();
  return reply;
}
