import { definitionHash } from './definition-hash.js';

/**
 * What the audit log keeps of a tool's arguments: their shape with every value replaced by its
 * JSON type (no personal data lands in the log), and the SHA-256 of their canonical JSON, so an
 * owner can match a known call without the log holding its values.
 */
export function redactArguments(value: unknown, depth = 0): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return depth > 4 ? 'array' : value.slice(0, 10).map((v) => redactArguments(v, depth + 1));
  if (typeof value === 'object') {
    if (depth > 4) return 'object';
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 50)
        .map(([k, v]) => [k.slice(0, 63), redactArguments(v, depth + 1)]),
    );
  }
  return typeof value;
}

export const argumentsHash = (value: unknown): string => definitionHash(value ?? {});
