import { ConfigError, loadConfig, type Config } from './config.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { prepareRuntime } from './start.js';
import { buildMcpHttpApp } from './transports/mcp/http.js';
import { StdioStartError, runStdioServer } from './transports/mcp/stdio.js';

/** Composition root and command line: `tenantbase serve | migrate | mcp`. */

const log = (line: string) => process.stderr.write(`${line}\n`);

async function serve(config: Config) {
  const started = performance.now();
  const runtime = await prepareRuntime(config, log);
  const address = await runtime.app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const mcp = await buildMcpHttpApp({ db: runtime.db, config, services: runtime.services });
  const mcpAddress = await mcp.listen({ port: config.mcp.port, host: config.mcp.host });
  log(
    `Tenantbase listening on ${address}/api (${where}; ready in ${Math.round(performance.now() - started)} ms); admin console at ${address}/console`,
  );
  log(`MCP on ${mcpAddress}/mcp (Streamable HTTP) and ${mcpAddress}/sse (SSE), profile ${config.mcp.toolProfile}`);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await mcp.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

async function migrateOnly(config: Config) {
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db);
    log(applied.length ? `Applied migrations ${applied.join(', ')}` : 'Database is up to date');
  } finally {
    await db.close();
  }
}

/** MCP over stdio through the service (SERVICE_API_URL, SERVICE_API_KEY); stdout is the protocol's alone. */
async function mcpStdio(config: Config) {
  try {
    await runStdioServer(config, log);
  } catch (error) {
    if (!(error instanceof StdioStartError)) throw error;
    log(`Tenantbase MCP cannot start: ${error.message}`);
    process.exit(1);
  }
  process.stdin.on('end', () => process.exit(0));
}

const COMMANDS: Record<string, (config: Config) => Promise<void>> = { serve, migrate: migrateOnly, mcp: mcpStdio };

async function main() {
  const command = process.argv[2] ?? 'serve';
  const run = COMMANDS[command];
  if (!run) {
    log(`Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(', ')}`);
    process.exit(2);
  }
  await run(loadConfig());
}

main().catch((error: unknown) => {
  log(
    error instanceof ConfigError ? error.message : `Tenantbase failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
