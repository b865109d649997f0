import type { Readable } from 'node:stream';
import type { Logger } from '../logging.js';

/**
 * What a command talks to, passed in so tests can run the program in-process:
 * - `out`, stdout, plain text: what the command answers (`--help`, `--version`, doctor's report,
 *   a generated password, the first administrator's password, a backup archive, restore's result);
 * - `err`, stderr, plain text: the parser's answer to a wrong command line (unknown command, …);
 * - `logger`, stderr, JSON lines (pino): everything else — progress, start-up, the URLs, problems,
 *   and both HTTP ports' lines; `log(line)` is `logger.info(line)`.
 * Under `tenantbase mcp` stdout belongs to the protocol alone. docs/operations.md "Logs".
 */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  log(line: string): void;
  logger: Logger;
  stdin: Readable;
}

/** The process's stdio, with the service's logger. */
export function processIo(logger: Logger): CliIo {
  return {
    out: (line) => void process.stdout.write(`${line}\n`),
    err: (line) => void process.stderr.write(`${line}\n`),
    log: (line) => logger.info(line),
    logger,
    stdin: process.stdin,
  };
}

/** A command that could not do its job; its message is printed, and the process exits with `exitCode`. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The whole of stdin as text, trimmed of its final newline (for `--password-stdin`). */
export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
