import fc from 'fast-check';
import { FUNCTION_NAMES, lookupFunction } from './functions.js';
import type { BinaryOperator, Expr } from './types.js';

/**
 * The generators of the fuzz script (fuzz.ts): grammar-aware syntax trees, token soups, raw
 * strings, mutations of valid expressions, and records of awkward values.
 */

/** Field names, including the ones an escape would try. None is a keyword. */
export const IDENTIFIERS = [
  'a',
  'b',
  'x',
  'cantidad',
  'precio',
  'fecha',
  'nombre',
  'año',
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'this',
  'process',
  'globalThis',
  'require',
  'Function',
  'eval',
];

const BINARY: BinaryOperator[] = ['+', '-', '*', '/', '%', '^', '=', '!=', '<', '<=', '>', '>='];
const at = { position: 0 } as const;

const literal: fc.Arbitrary<Expr> = fc.oneof(
  fc.constantFrom(0, 1, 2, 10, 100, 0.5, 1e308, 5e-324, 2 ** 53).map((value) => ({ kind: 'literal' as const, value, ...at })),
  fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).map((value) => ({ kind: 'literal' as const, value: Math.abs(value), ...at })),
  fc
    .oneof(
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom('2024-02-29', '2024-01-01T10:00:00Z', '12.5', ''),
    )
    .map((value) => ({ kind: 'literal' as const, value, ...at })),
  fc.constantFrom(true, false, null).map((value) => ({ kind: 'literal' as const, value, ...at })),
);
const field: fc.Arbitrary<Expr> = fc.constantFrom(...IDENTIFIERS).map((name) => ({ kind: 'field' as const, name, ...at }));

/** Syntax trees of up to 8 levels, using every node kind, operator and function. */
export const expression: fc.Arbitrary<Expr> = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { maxDepth: 8, depthSize: 'small' },
    literal,
    field,
    fc.record({
      kind: fc.constant('unary' as const),
      operator: fc.constantFrom('-' as const, 'not' as const),
      operand: tie('expr'),
      ...at0(),
    }),
    fc.record({
      kind: fc.constant('binary' as const),
      operator: fc.constantFrom(...BINARY),
      left: tie('expr'),
      right: tie('expr'),
      ...at0(),
    }),
    fc.record({
      kind: fc.constant('logical' as const),
      operator: fc.constantFrom('and' as const, 'or' as const),
      left: tie('expr'),
      right: tie('expr'),
      ...at0(),
    }),
    fc.constantFrom(...FUNCTION_NAMES).chain((name) => {
      const definition = lookupFunction(name)!;
      const args = fc.array(tie('expr'), {
        minLength: definition.minArgs,
        maxLength: Math.min(definition.maxArgs, definition.minArgs + 2),
      });
      return args.map((list): Expr => ({ kind: 'call', name, args: list, ...at }));
    }),
  ),
})).expr;

function at0() {
  return { position: fc.constant(0) };
}

const TOKENS = [
  ...'()+-*/%^=<>!,.[]"\'\\`{};?:&|$#@'.split(''),
  ...['==', '!=', '<=', '>=', '&&', '||', '===', '<>', '${', '=>', 'and', 'or', 'not', 'true', 'false', 'null', 'NULL', 'And'],
  ...['0', '1', '2.5', '1e308', '1e-7', '9'.repeat(400), '"str"', "'it\\'s'", '"\\u0041"', '"\\u{1F600}"', "'\\q'", '"'],
  ...[' ', '\n', '\t', '\u00a0', 'é', '😀', '\u0000', '\ud800', 'x.trim()', 'a.b', 'a[0]', 'new', 'this', 'import', 'return'],
  ...FUNCTION_NAMES,
  ...IDENTIFIERS,
];

/** Sequences of tokens and fragments, joined with or without spaces. */
export const tokenSoup: fc.Arbitrary<string> = fc
  .tuple(fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 30 }), fc.boolean())
  .map(([tokens, spaced]) => tokens.join(spaced ? ' ' : ''));

/** Raw strings: any UTF-16 units, or the characters the grammar uses. */
export const rawString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...'()+-*/%^=<>!&|,.\'"\\ `0123456789abcxyz_e'.split('')), maxLength: 60 }),
);

type Edit = { at: number; kind: 'insert' | 'delete' | 'replace' | 'duplicate'; token: string; length: number };
const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('insert' as const, 'delete' as const, 'replace' as const, 'duplicate' as const),
  token: fc.constantFrom(...TOKENS),
  length: fc.integer({ min: 1, max: 6 }),
});

function applyEdit(text: string, { at: where, kind, token, length }: Edit): string {
  const i = text.length === 0 ? 0 : where % (text.length + 1);
  const slice = text.slice(i, i + length);
  switch (kind) {
    case 'insert':
      return text.slice(0, i) + token + text.slice(i);
    case 'delete':
      return text.slice(0, i) + text.slice(i + length);
    case 'replace':
      return text.slice(0, i) + token + text.slice(i + length);
    case 'duplicate':
      return text.slice(0, i) + slice + slice + text.slice(i);
  }
}

/** A valid expression's text with 1–4 edits: mostly near-misses of real expressions. */
export function mutation(print: (expr: Expr) => string): fc.Arbitrary<string> {
  return fc.tuple(expression, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([expr, edits]) => edits.reduce(applyEdit, print(expr)));
}

const HUGE = 'x'.repeat(70_000);
const awkward: fc.Arbitrary<unknown> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, Number.NaN, Infinity, -Infinity, 2 ** 53 + 1),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '12.5',
    ' 7 ',
    '1e400',
    '-0',
    '2024-02-29',
    '2024-02-30',
    '2024-01-01T23:59:59-05:00',
    '0000-01-01',
    '',
    HUGE,
    HUGE.slice(0, 40_000),
  ),
  fc.boolean(),
  fc.constantFrom(null, undefined, {}, [], [1], { lat: 1 }, new Date(0), new Date(Number.NaN), 10n, () => 1, Symbol('s')),
);

/** A record of awkward values for the fuzz identifiers (some missing). */
export const record: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(fc.constantFrom(...IDENTIFIERS), awkward, { maxKeys: 8 });
