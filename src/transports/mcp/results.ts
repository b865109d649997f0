import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logging.js';
import type { Operation } from '../../operations/core/operation.js';
import type { Warning } from '../../operations/core/result.js';
import { renderError } from '../surface-text.js';

/**
 * The one place failures become MCP answers: `isError: true` with the text `{ "code", "message" }`
 * (and `details` when there are any), codes as in docs/ARCHITECTURE.md "Errors", worded for MCP.
 * Unexpected errors never leak their message.
 */
export function errorResult(error: unknown, operations: readonly Operation[], log: Logger): CallToolResult {
  const appError = error instanceof AppError ? error : null;
  if (!appError || appError.code === 'INTERNAL_ERROR') log.error({ err: error }, 'MCP tool failed unexpectedly');
  else if (appError.code === 'SERVICE_UNAVAILABLE') log.warn({ err: appError.cause ?? appError }, 'database unavailable');
  const e = appError ?? new AppError('INTERNAL_ERROR', 'An unexpected error occurred; try again, and report it if it persists');
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(renderError(e, 'mcp', operations)) }] };
}

/**
 * A successful tool answer: the operation's data as JSON text and as `structuredContent`, without
 * the REST envelope. `structuredContent` must be an object, so a list is given there as `{ items }`
 * (the text keeps the bare list), as the tool's output schema says. Warnings of a save follow as a
 * second text item, `{ "warnings": [...] }`.
 */
export function successResult(data: unknown, warnings: readonly Warning[] = []): CallToolResult {
  const text = JSON.stringify(data ?? null);
  const plain: unknown = JSON.parse(text);
  const structured =
    typeof plain === 'object' && plain !== null && !Array.isArray(plain)
      ? (plain as Record<string, unknown>)
      : Array.isArray(plain)
        ? { items: plain }
        : { value: plain };
  const content: CallToolResult['content'] = [{ type: 'text', text }];
  if (warnings.length) content.push({ type: 'text', text: JSON.stringify({ warnings }) });
  return { content, structuredContent: structured };
}
