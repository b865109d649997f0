import { validationError, type ErrorDetail } from '../errors.js';

/**
 * The rules every input obeys before any transport hands it on (docs/security.md "Input at the
 * edge"): no string and no JSON key holds U+0000 — PostgreSQL `text` and `jsonb` cannot store it,
 * so it would otherwise fail deep in a query — and JSON nests at most MAX_INPUT_DEPTH levels, so
 * no later recursive step (validation, JSON.stringify for jsonb) can exhaust the stack. The REST
 * app checks path parameters, query, headers and body in one hook; the MCP server checks tool
 * arguments before it normalizes them. Both refuse with VALIDATION_ERROR naming the field.
 */
export const MAX_INPUT_DEPTH = 64;

const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** A part of a request and the name its fields take in errors ('' for the root of a JSON body). */
export type InputPart = readonly [value: unknown, name: string];

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
/** A field name shown in a message: the NUL itself is shown escaped. */
const visible = (name: string) => name.replaceAll(NUL, '\\u0000');

/** The first problem of a value (iterative: a deeply nested body cannot exhaust the stack here). */
export function inputProblem(value: unknown, name: string): ErrorDetail | null {
  const stack: Array<[unknown, string, number]> = [[value, name, 0]];
  while (stack.length > 0) {
    const [current, path, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return { field: visible(path) || '(body)', message: NUL_MESSAGE };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return { field: visible(path) || '(body)', message: `is nested deeper than ${MAX_INPUT_DEPTH} levels` };
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i)), depth + 1]);
      continue;
    }
    const entries = Object.entries(current as Record<string, unknown>);
    for (const [key] of entries) {
      if (key.includes(NUL)) return { field: visible(join(path, key)), message: `key ${NUL_MESSAGE}` };
    }
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], join(path, entries[i]![0]), depth + 1]);
  }
  return null;
}

/** Throws VALIDATION_ERROR naming the first field of `parts` that breaks the rules above. */
export function assertCleanInput(parts: readonly InputPart[]): void {
  for (const [value, name] of parts) {
    const problem = inputProblem(value, name);
    if (problem) throw validationError(`Invalid input — ${problem.field}: ${problem.message}`, [problem]);
  }
}
