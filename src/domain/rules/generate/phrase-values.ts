import { PhraseFailure, requireField, type PhraseContext } from './phrase-context.js';
import { isOperatorWord } from './operator-words.js';
import { quote, sentence } from './sentence-text.js';

/** A value of a sentence as an expression: a literal, a field, or today/now. */
export interface PhraseValue {
  readonly dsl: string;
  /** The field it reads, when it is one. */
  readonly field?: string;
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[t ][\d:.]+(?:z|[+-]\d{2}:?\d{2})?)?$/;
const WORDS = /^[\p{L}\p{N}_][\p{L}\p{N}_ -]*$/u;
const SPECIAL: Record<string, string> = {
  true: 'true',
  false: 'false',
  verdadero: 'true',
  falso: 'false',
  today: 'today()',
  hoy: 'today()',
  'la fecha de hoy': 'today()',
  "today's date": 'today()',
  now: 'now()',
  ahora: 'now()',
};

/**
 * Reads a value as a sentence writes it: `'pagada'` or `"pagada"` (a string), `12`, `2,5` (numbers;
 * a decimal comma is read as a point), `true`/`verdadero`, `today`/`hoy`, an ISO date, a field's
 * name, or plain words (a string, e.g. an option: `paid`). Anything with operators or brackets, or
 * words that name fields, is not a plain value: undefined, so the clause can be read otherwise.
 */
export function readValue(ctx: PhraseContext, text: string): PhraseValue | undefined {
  const raw = text.trim();
  const quoted = /^'([^']*)'$|^"([^"]*)"$/.exec(raw);
  if (quoted) return { dsl: quote(quoted[1] ?? quoted[2] ?? '') };
  const folded = sentence(raw).folded;
  if (NUMBER.test(folded)) return { dsl: String(Number(folded.replace(',', '.'))) };
  if (Object.hasOwn(SPECIAL, folded)) return { dsl: SPECIAL[folded]! };
  if (DATE.test(folded)) return { dsl: quote(raw) };
  const field = ctx.field(raw);
  if (field) return { dsl: field.fieldKey, field: field.fieldKey };
  // Plain words are a text value (an option), unless they name fields or arithmetic: then they are a formula.
  const words = folded.split(' ');
  if (!WORDS.test(raw) || (words.length > 1 && words.some((w) => isOperatorWord(w) || ctx.field(w)))) return undefined;
  return { dsl: quote(raw) };
}

/** A number of a sentence (`2`, `10`), or a failure naming what was expected. */
export function readCount(text: string, what: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new PhraseFailure(`${what} must be a whole number, got "${text}"`);
  return n;
}

/** `field = null or …`: comparisons hold for empty values (requiredness is its own rule). */
export function unlessEmpty(ctx: PhraseContext, fields: ReadonlyArray<string | undefined>, condition: string): string {
  const present = [...new Set(fields.filter((f): f is string => f !== undefined))];
  return present.length ? `${present.map((f) => `${f} = null`).join(' or ')} or ${condition}` : condition;
}

export { requireField };
