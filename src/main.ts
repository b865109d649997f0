import { ConfigError, loadConfig, type Config } from './config.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { prepareRuntime } from './start.js';

/** Composition root and command line: `tenantbase serve | migrate`. */

const log = (line: string) => process.stderr.write(`${line}\n`);

async function serve(config: Config) {
  const started = performance.now();
  const runtime = await prepareRuntime(config, log);
  const address = await runtime.app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  log(`Tenantbase listening on ${address}/api (${where}; ready in ${Math.round(performance.now() - started)} ms)`);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
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

const COMMANDS: Record<string, (config: Config) => Promise<void>> = { serve, migrate: migrateOnly };

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
  log(error instanceof ConfigError ? error.message : `Tenantbase failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
