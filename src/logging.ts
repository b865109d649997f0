import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };
export type LogLevel = Config['logLevel'];

/**
 * What is never written to a log, wherever it appears in a line pino serialises: credentials in
 * request headers (Fastify's `req` serializer), cookies a reply sets, and passwords or tokens in
 * objects a line carries.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password',
  'token',
  '*.password',
  '*.token',
  '*.apiKey',
];

/**
 * Errors in lines (`{ err }`): type, message, code and the other own fields pino's serializer keeps,
 * but no stack trace — a line must not carry the service's internals (file paths, the shape of its
 * code) to wherever logs are shipped. `LOG_LEVEL=debug` (or trace), which an operator chooses to
 * diagnose, keeps the stack.
 */
export function errorSerializer(level: LogLevel): (error: Error) => Record<string, unknown> {
  const keepStack = level === 'debug' || level === 'trace';
  return (error) => {
    const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
    if (keepStack || typeof serialized !== 'object' || serialized === null) return serialized;
    const { stack: _stack, ...rest } = serialized;
    return rest;
  };
}

/**
 * The service's one logger (pino, the one Fastify uses): JSON lines on stderr by default, so that
 * stdout carries only what a command answers (and, under `tenantbase mcp`, the protocol alone).
 * Every part of the service logs through it or a child of it: the CLI's progress, start-up, both
 * HTTP ports (a child per request, carrying `reqId`), and domain code given the request's logger.
 * Tests pass their own `destination` to read the lines.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { pid: process.pid },
      serializers: { err: errorSerializer(level) },
    },
    // Synchronous writes: lines logged just before the process exits (a failed start) are not lost.
    destination ?? pino.destination({ fd: 2, sync: true }),
  );
}

/** LOG_LEVEL read before the configuration is (the CLI's logger exists before a command loads it). */
export function logLevelOf(env: Record<string, string | undefined>): LogLevel {
  const levels: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const value = env.LOG_LEVEL?.trim();
  return levels.find((l) => l === value) ?? 'info';
}
