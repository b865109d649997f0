import { createLogger, type LogLevel, type Logger } from '../../src/logging.js';

/** One line the service logged, as pino wrote it (JSON). */
export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

/** The service's logger writing into an array the test reads (pino's destination is any `write`). */
export function captureLogs(level: LogLevel = 'trace'): { logger: Logger; lines: LogLine[]; messages(): string } {
  const lines: LogLine[] = [];
  const logger = createLogger(level, { write: (chunk: string) => void lines.push(JSON.parse(chunk) as LogLine) });
  return { logger, lines, messages: () => lines.map((l) => l.msg ?? '').join('\n') };
}
