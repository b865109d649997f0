import { PassThrough, Readable, type Writable } from 'node:stream';
import type { Database } from '../../src/db/database.js';
import { runCli } from '../../src/cli/program.js';

export interface CliRun {
  code: number;
  /** What the command printed on stdout. */
  out: string;
  /** What it printed on stderr. */
  log: string;
}

/**
 * Runs the `tenantbase` command line in-process against a test database: the commands open
 * "the configured database" through the opener, which hands them `db` and keeps it open when they
 * close it (the test owns it).
 */
export function cliAgainst(db: Database, baseEnv: Record<string, string> = {}) {
  const lend = async () => {
    const close = db.close;
    db.close = () => {
      db.close = close;
      return Promise.resolve();
    };
    return db;
  };
  return async (
    argv: string[],
    options: { stdin?: string | Buffer; env?: Record<string, string>; stdout?: Writable } = {},
  ): Promise<CliRun> => {
    const out: string[] = [];
    const log: string[] = [];
    const code = await runCli(argv, {
      stdout: options.stdout ?? new PassThrough().resume(),
      io: { out: (l) => out.push(l), log: (l) => log.push(l), stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]) },
      env: { LOG_LEVEL: 'silent', ...baseEnv, ...options.env },
      open: lend,
    });
    return { code, out: out.join('\n'), log: log.join('\n') };
  };
}
