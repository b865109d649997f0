import type { Writable } from 'node:stream';
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { createLogger, logLevelOf } from '../logging.js';
import { SERVICE_VERSION } from '../version.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { openCommandDatabase, type DatabaseOpener } from './database.js';
import { CommandError, processIo, type CliIo } from './io.js';

export interface CliDeps {
  io: CliIo;
  /** Binary output (a backup archive without --output). */
  stdout: Writable;
  env: Record<string, string | undefined>;
  open: DatabaseOpener;
}

const ENVIRONMENT_HELP = `
Configuration comes from the environment (README: Configuration), e.g.
  PORT=3001 DATA_DIR=./data tenantbase serve
  DATABASE_URL=postgres://user:pass@host:5432/db tenantbase migrate`;

/**
 * The `tenantbase` command line (commander): every command, its options and its help. Built
 * without running, so tests drive it in-process with their own io and database. Each command's
 * module is imported when the command runs: `--help` or `mcp` (stdio) loads neither the database
 * nor the HTTP app, and `serve` starts opening the database while the app's modules load.
 */
export function buildProgram(deps: CliDeps): Command {
  const { io, env, open } = deps;
  const config = () => loadConfig(env);
  const program = new Command('tenantbase')
    .description('Multi-tenant data backend: REST API, MCP server and admin console on embedded or server PostgreSQL.')
    .version(SERVICE_VERSION, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help (also: tenantbase help <command>)')
    .showHelpAfterError('(tenantbase --help lists the commands)')
    .addHelpText('after', ENVIRONMENT_HELP)
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride();

  program
    .command('serve')
    .description('run the API (PORT), the admin console and the MCP HTTP server (MCP_SERVER_PORT) until SIGTERM/SIGINT')
    .action(async () => (await import('./serve.js')).serve(config(), io, open));

  program
    .command('migrate')
    .description('apply pending database migrations and exit')
    .action(async () => (await import('./migrate.js')).migrateCommand(config(), io, open));

  program
    .command('mcp')
    .description('MCP over stdio, acting through SERVICE_API_URL with SERVICE_API_KEY (stdout carries the protocol only)')
    .action(async () => {
      const { StdioStartError, runStdioServer } = await import('../transports/mcp/stdio.js');
      try {
        await runStdioServer(config(), io.logger);
      } catch (error) {
        if (error instanceof StdioStartError) throw new CommandError(`Tenantbase MCP cannot start: ${error.message}`);
        throw error;
      }
      process.stdin.on('end', () => process.exit(0));
    });

  const admin = program.command('admin').description('manage administrators (the database must not be in use by an embedded server)');
  admin
    .command('create')
    .description('create an administrator; without --password-stdin a password is generated and printed once on stdout')
    .argument('<email>', "the administrator's email")
    .option('--name <name>', 'display name', 'Administrator')
    .option('--password-stdin', 'read the password from stdin (8 to 72 bytes)')
    .action(async (email: string, options: { name?: string; passwordStdin?: boolean }) =>
      (await import('./admin.js')).adminCreate(config(), io, open, { email, ...options }),
    );
  admin
    .command('reset-password')
    .description('set a new password for an administrator (generated and printed once unless --password-stdin)')
    .argument('<email>', "the administrator's email")
    .option('--password-stdin', 'read the password from stdin (8 to 72 bytes)')
    .action(async (email: string, options: { passwordStdin?: boolean }) =>
      (await import('./admin.js')).adminResetPassword(config(), io, open, { email, ...options }),
    );

  program
    .command('backup')
    .description("write a tenant's complete state (entities and versions, users, records, …) as one gzip archive")
    .argument('<tenant>', 'slug or id of the tenant')
    .option('-o, --output <file>', 'write the archive to a file instead of stdout')
    .action(async (tenant: string, options: { output?: string }) =>
      (await import('./backup.js')).backupCommand(config(), { ...io, stdout: deps.stdout }, open, { tenant, output: options.output }),
    );

  program
    .command('restore')
    .description('restore an archive of `tenantbase backup` as a new tenant (ids kept); prints the result as JSON')
    .argument('<file>', 'the archive, or - for stdin')
    .option('--slug <slug>', "the new tenant's slug (default: the archive's)")
    .option('--name <name>', "the new tenant's name (default: the archive's)")
    .action(async (file: string, options: { slug?: string; name?: string }) =>
      (await import('./backup.js')).restoreCommand(config(), io, open, { file, ...options }),
    );

  program
    .command('doctor')
    .description("check the configuration, the database, its migrations and the tenant role's row-level security")
    .action(async () => (await import('./doctor.js')).doctor(env, io, open));

  return program;
}

/** Runs the command line; answers the exit code for a command that ended with an error (0 otherwise). */
export async function runCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  try {
    await buildProgram(deps).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CommandError) {
      deps.io.logger.error(error.message);
      return error.exitCode;
    }
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      deps.io.logger.error(error.message);
      return 1;
    }
    deps.io.logger.error({ err: error }, `Tenantbase failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** The process's command line with the real environment, stdio and database. */
export async function main(): Promise<void> {
  const io = processIo(createLogger(logLevelOf(process.env)));
  const code = await runCli(process.argv.slice(2), { io, stdout: process.stdout, env: process.env, open: openCommandDatabase });
  // serve and mcp keep running (their signals and stdin end the process); others end here.
  if (code !== 0) process.exit(code);
}
