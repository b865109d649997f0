import { prepareRuntime } from "../start.js";
import { buildMcpHttpApp } from "../transports/mcp/http.js";
import { collectStartupGarbage } from "./memory.js";
import { migrateVerbosely } from "./migrate.js";
import { closeServers, stopOnSignals } from "./lifecycle.js";
function urlOf(app, host) {
  const { port } = app.server.address();
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
async function serve(config, io, open) {
  const started = performance.now();
  const db = await open(config, io.log);
  try {
    await migrateVerbosely(db, io.log);
  } catch (error) {
    await db.close();
    throw error;
  }
  const runtime = await prepareRuntime(config, io.log, { db });
  let mcp;
  try {
    await runtime.app.listen({ port: config.port, host: config.host });
    mcp = await buildMcpHttpApp({ db: runtime.db, config, services: runtime.services });
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
    `Ready in ${Math.round(performance.now() - started)} ms (${config.databaseUrl ? "PostgreSQL" : "embedded PGlite"}). Stop with Ctrl-C.`
  );
  const servers = [runtime.app, mcp];
  stopOnSignals(async (signal) => {
    io.log(`${signal}: finishing requests in flight (up to ${config.shutdownGraceMs} ms), then stopping`);
    await closeServers(servers, config.shutdownGraceMs, io.log);
    await runtime.db.close();
    io.log("Stopped.");
  }, io.log);
}
export {
  serve
};
//# sourceMappingURL=serve.js.map
