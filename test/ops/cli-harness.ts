import { PassThrough, Readable, type Writable } from 'node:stream';
import type { Database } from '../../src/db/database.js';
import { runCli } from '../../src/cli/program.js';
import { captureLogs, type LogLine } from '../helpers/log-capture.js';

export interface CliRun {
  code: number;
  /** What the command printed on stdout. */
  out: string;
  /** What it printed on stderr: plain lines and the messages of its log lines. */
  log: string;
  /** Its log lines, as JSON. */
  lines: LogLine[];
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
    const err: string[] = [];
    const { logger, lines } = captureLogs('info');
    const code = await runCli(argv, {
      stdout: options.stdout ?? new PassThrough().resume(),
      io: {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        log: (l) => logger.info(l),
        logger,
        stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
      },
      env: { LOG_LEVEL: 'silent', ...baseEnv, ...options.env },
      open: lend,
    });
    // What reached stderr: the parser's plain answers, then the messages of the log lines.
    const log = [...err, ...lines.map((l) => l.msg ?? '')];
    return { code, out: out.join('\n'), log: log.join('\n'), lines };
  };
}
