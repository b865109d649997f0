import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../errors.js';

/**
 * The one place failures become MCP answers (CONTRACT §8): `isError: true` with the text
 * `{ "code", "message" }` (and `details` when there are any), codes as CONTRACT §2.
 * Unexpected errors never leak their message.
 */
export function errorResult(error: unknown, log: (line: string) => void): CallToolResult {
  const appError = error instanceof AppError ? error : null;
  if (!appError || appError.code === 'INTERNAL_ERROR') {
    log(`MCP tool failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  const e = appError ?? new AppError('INTERNAL_ERROR', 'An unexpected error occurred; try again, and report it if it persists');
  const body = { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/**
 * A successful tool answer: the operation's result as JSON text and as `structuredContent`,
 * without the REST envelope. `structuredContent` must be an object, so a list is given there as
 * `{ items }` (the text keeps the bare list).
 */
export function successResult(result: unknown): CallToolResult {
  const text = JSON.stringify(result ?? null);
  const plain: unknown = JSON.parse(text);
  const structured =
    typeof plain === 'object' && plain !== null && !Array.isArray(plain)
      ? (plain as Record<string, unknown>)
      : Array.isArray(plain)
        ? { items: plain }
        : { value: plain };
  return { content: [{ type: 'text', text }], structuredContent: structured };
}
