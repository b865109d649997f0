import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { prepareRuntime as PrepareRuntime } from '../start.js';
import type { buildMcpHttpApp as BuildMcpHttpApp } from '../transports/mcp/http.js';
import type { DatabaseOpener } from './database.js';
import { collectStartupGarbage } from './memory.js';
import { migrateVerbosely } from './migrate.js';
import type { CliIo } from './io.js';
import { closeServers, stopOnSignals } from './lifecycle.js';

/** `http://localhost:port` for a wildcard bind, else the bound address. */
function urlOf(app: FastifyInstance, host: string): string {
  const { port } = app.server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/**
 * `tenantbase serve`: the API and the MCP HTTP server until SIGTERM or SIGINT, which drain
 * requests in flight (bounded by SHUTDOWN_GRACE_SECONDS), close MCP sessions, close the database,
 * release the data directory and exit 0. Start-up says what it is doing on stderr.
 */
export async function serve(config: Config, io: CliIo, open: DatabaseOpener): Promise<void> {
  const started = performance.now();
  // The database opens (PGlite compiles its WebAssembly, reads its files) while the app's modules
  // load: the two overlap instead of following each other (docs/operations.md, start-up).
  const opening = open(config, io.log);
  const modules = Promise.all([import('../start.js'), import('../transports/mcp/http.js')]);
  modules.catch(() => undefined); // awaited below; a failure to open the database is reported first
  const db = await opening;
  let prepareRuntime: typeof PrepareRuntime;
  let buildMcpHttpApp: typeof BuildMcpHttpApp;
  try {
    await migrateVerbosely(db, io.log);
    [{ prepareRuntime }, { buildMcpHttpApp }] = await modules;
  } catch (error) {
    await db.close();
    throw error;
  }
  // The first administrator's generated password is an answer (stdout), not a log line.
  const runtime = await prepareRuntime(config, io.out, { db, logger: io.logger });
  let mcp: FastifyInstance | undefined;
  try {
    await runtime.app.listen({ port: config.port, host: config.host });
    mcp = await buildMcpHttpApp({ db: runtime.db, config, services: runtime.services, logger: io.logger });
    await mcp.listen({ port: config.mcp.port, host: config.mcp.host });
  } catch (error) {
    await mcp?.close();
    await runtime.close();
    throw error;
  }
  if (!config.databaseUrl) collectStartupGarbage();
  const api = urlOf(runtime.app, config.host);
  io.log(`API:     ${api}/api   (OpenAPI at ${api}/api/openapi.json)`);
  io.log(`Console: ${api}/console`);
  io.log(`MCP:     ${urlOf(mcp, config.mcp.host)}/mcp (Streamable HTTP; SSE at /sse), profile ${config.mcp.toolProfile}`);
  io.log(
    `Ready in ${Math.round(performance.now() - started)} ms (${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}). Stop with Ctrl-C.`,
  );
  const servers = [runtime.app, mcp];
  stopOnSignals(async (signal) => {
    io.log(`${signal}: finishing requests in flight (up to ${config.shutdownGraceMs} ms), then stopping`);
    await closeServers(servers, config.shutdownGraceMs, io.logger);
    await runtime.db.close();
    io.log('Stopped.');
  }, io.logger);
}
