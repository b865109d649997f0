import { EXPRESSION_LIMITS, type RuleValue } from './types.js';

/**
 * The coercions of the language (docs/rules.md, "Values and coercions"). Every function here is
 * total: whatever it is given, it answers a RuleValue and never NaN or ±Infinity.
 */

const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A value as the language sees it: finite numbers, strings, booleans; Dates as ISO text; the rest null. */
export function toRuleValue(value: unknown): RuleValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return finite(Number(value));
    case 'object':
      return value instanceof Date && Number.isFinite(value.getTime()) ? value.toISOString() : null;
    default:
      return null;
  }
}

/** NaN and ±Infinity become null: no operation ever answers them. */
export const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

/** Numbers are themselves, decimal strings (`' 12.5 '`, `'1e3'`) their value; anything else null. */
export function toNumber(value: RuleValue): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && NUMERIC.test(value)) return finite(Number(value));
  return null;
}

/** The text of a value: null is empty, numbers in their shortest round-trip form. */
export function toText(value: RuleValue): string {
  if (typeof value === 'string') return value;
  return value === null ? '' : String(value);
}

/** A built string longer than the limit answers null rather than a silently cut value. */
export const capText = (text: string): string | null => (text.length > EXPRESSION_LIMITS.maxStringLength ? null : text);

/** null, false, 0 and '' are false; every other value is true. */
export const isTruthy = (value: RuleValue): boolean => value !== null && value !== false && value !== 0 && value !== '';

/** `=`: same type and value; a number equals a decimal string of the same value; null equals only null. */
export function valuesEqual(a: RuleValue, b: RuleValue): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'string') return a === toNumber(b);
  if (typeof a === 'string' && typeof b === 'number') return toNumber(a) === b;
  return false;
}

/**
 * The order of two values for `< <= > >=`: negative, zero or positive; null when they have no
 * order (either is null, or their types do not compare), which makes every ordering false.
 */
export function compareValues(a: RuleValue, b: RuleValue): number | null {
  if (a === null || b === null) return null;
  if (typeof a === typeof b) {
    if (typeof a === 'boolean') return Number(a) - Number(b);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return null;
  const x = toNumber(a);
  const y = toNumber(b);
  return x === null || y === null ? null : x < y ? -1 : x > y ? 1 : 0;
}
