import type { Readable } from 'node:stream';

/**
 * What a command talks to, passed in so tests can run the program in-process: `out` is stdout
 * (results a script may read: a generated password, a backup stream), `log` is stderr (progress
 * and problems). Under `tenantbase mcp` stdout belongs to the protocol alone.
 */
export interface CliIo {
  out(line: string): void;
  log(line: string): void;
  stdin: Readable;
}

export const processIo: CliIo = {
  out: (line) => void process.stdout.write(`${line}\n`),
  log: (line) => void process.stderr.write(`${line}\n`),
  stdin: process.stdin,
};

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
