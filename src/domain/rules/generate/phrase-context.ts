import type { FieldInfo } from './field-names.js';
import { captures, type Sentence } from './sentence-text.js';

/** What one clause of a sentence became. */
export type Piece =
  | { kind: 'compute'; field: string; expression: string; reads: readonly string[] }
  | { kind: 'validate'; id: string; condition: string; message: string }
  | { kind: 'transform'; field: string; spec: TransformPiece };

export type TransformPiece =
  | { type: 'lowercase' | 'uppercase' | 'trim' }
  | { type: 'round'; decimals: number }
  | { type: 'default'; value: string | number | boolean };

/** What matchers may ask: the entity's fields by what a sentence calls them, and the expression parser. */
export interface PhraseContext {
  readonly entityName: string;
  readonly fields: readonly FieldInfo[];
  field(phrase: string): FieldInfo | undefined;
  /** The field keys an expression reads, or the parser's message (with its position) when it is refused. */
  compile(expression: string): { reads: readonly string[] } | { error: string };
}

/**
 * A clause whose phrasing was recognized but which cannot become a rule (an unknown field, a bad
 * number …). Other phrasings are still tried, unless it is `final` (the clause is surely that
 * phrasing, e.g. a formula that reads its own target).
 */
export class PhraseFailure extends Error {
  constructor(
    message: string,
    readonly final = false,
  ) {
    super(message);
  }
}

/** The field a phrase names, or a failure listing the entity's fields. */
export function requireField(ctx: PhraseContext, phrase: string): FieldInfo {
  const found = ctx.field(phrase);
  if (found) return found;
  const keys = ctx.fields.map((f) => f.fieldKey).join(', ');
  throw new PhraseFailure(`"${phrase}" is not a field of ${ctx.entityName} (fields: ${keys || 'none'})`);
}

/**
 * The first of several patterns that matches with its `f` group naming a field; when patterns
 * match but none names a field, the first match (so the caller reports the unknown field).
 */
export function matchField(ctx: PhraseContext, s: Sentence, patterns: readonly RegExp[]): Record<string, string> | undefined {
  let first: Record<string, string> | undefined;
  for (const pattern of patterns) {
    const m = captures(s, pattern);
    if (!m) continue;
    if (m.f === undefined || ctx.field(m.f)) return m;
    first ??= m;
  }
  return first;
}
