import { validationError } from '../../errors.js';

/**
 * The `filter` string of `query_records` (`field = value`, docs/mcp.md), extended to
 * `= != > >= < <= contains` joined by `and`. Values may be quoted ('…' or "…", backslash escapes
 * or doubled quotes) or bare; a bare value runs until the next `and <field> <operator>`, so
 * `city = New York and age > 30` reads as two conditions. A bare `null` compared with `=` or `!=`
 * asks for an empty field (`"null"` in quotes is the word). The result is plain data the records
 * list turns into SQL (its FilterClause); nothing here is evaluated.
 */

/** `isNull` comes from a bare `null`: `field = null` → value "true", `field != null` → "false". */
export type FilterOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains' | 'isNull';

export interface FilterCondition {
  field: string;
  op: FilterOperator;
  value: string;
}

const OPERATORS: Record<string, FilterOperator> = {
  '=': 'eq',
  '==': 'eq',
  '!=': 'ne',
  '<>': 'ne',
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
  contains: 'contains',
};

type Token =
  | { kind: 'word'; text: string; start: number; end: number }
  | { kind: 'string'; text: string; start: number; end: number }
  | { kind: 'op'; text: string; start: number; end: number };

const FIELD = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const EXAMPLE = 'e.g. status = active and total >= 100 and name contains "García"';

function fail(message: string, position: number): never {
  throw validationError(`Invalid filter: ${message} at position ${position} (${EXAMPLE})`, [{ field: 'filter', message, position }]);
}

function readOperator(source: string, i: number): string | null {
  const two = source.slice(i, i + 2);
  if (two === '!=' || two === '<>' || two === '>=' || two === '<=' || two === '==') return two;
  const one = source[i];
  return one === '=' || one === '<' || one === '>' ? one : null;
}

function readString(source: string, start: number): Token {
  const quote = source[start]!;
  let text = '';
  let i = start + 1;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\' && i + 1 < source.length) {
      const next = source[i + 1]!;
      text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i += 2;
    } else if (c === quote && source[i + 1] === quote) {
      text += quote;
      i += 2;
    } else if (c === quote) {
      return { kind: 'string', text, start, end: i + 1 };
    } else {
      text += c;
      i += 1;
    }
  }
  return fail(`unterminated ${quote === '"' ? 'double' : 'single'}-quoted value`, start + 1);
}

/** Splits a filter into words, quoted strings and comparison operators. */
export function tokenizeFilter(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/u.test(c)) {
      i += 1;
      continue;
    }
    if (c === '"' || c === "'") {
      const token = readString(source, i);
      tokens.push(token);
      i = token.end;
      continue;
    }
    const op = readOperator(source, i);
    if (op) {
      tokens.push({ kind: 'op', text: op, start: i, end: i + op.length });
      i += op.length;
      continue;
    }
    const start = i;
    while (i < source.length && !/\s/u.test(source[i]!) && readOperator(source, i) === null) i += 1;
    tokens.push({ kind: 'word', text: source.slice(start, i), start, end: i });
  }
  return tokens;
}

const isAnd = (t: Token | undefined) => t?.kind === 'word' && t.text.toLowerCase() === 'and';
const isOperator = (t: Token | undefined): t is Token =>
  t !== undefined && (t.kind === 'op' || (t.kind === 'word' && t.text.toLowerCase() === 'contains'));

/** Parses a filter string into conditions that all must hold. An empty filter is no condition. */
export function parseFilterExpression(source: string): FilterCondition[] {
  const tokens = tokenizeFilter(source);
  const conditions: FilterCondition[] = [];
  let i = 0;
  while (i < tokens.length) {
    const field = tokens[i]!;
    if (field.kind !== 'word' || !FIELD.test(field.text)) {
      fail(`expected a field name, found "${field.text}"`, field.start + 1);
    }
    const opToken = tokens[i + 1];
    if (!isOperator(opToken)) {
      const at = tokens[i + 1]?.start ?? source.length;
      fail(`expected one of = != > >= < <= contains after "${field.text}"`, at + 1);
    }
    const op = OPERATORS[opToken.text.toLowerCase()]!;
    i += 2;
    const first = tokens[i];
    if (!first || (isAnd(first) && isOperator(tokens[i + 2]))) {
      fail(`missing value after "${opToken.text}" (quote an empty value: ${field.text} = "")`, (first?.start ?? source.length) + 1);
    }
    let value: string;
    if (first.kind === 'string') {
      value = first.text;
      i += 1;
    } else {
      // A bare value: words up to the next `and <field> <operator>` or the end, spacing kept.
      // A trailing `and` ends the value too, so that it is reported rather than swallowed.
      const endsValue = (j: number) => isAnd(tokens[j]) && (j === tokens.length - 1 || isOperator(tokens[j + 2]));
      let last = i;
      while (last + 1 < tokens.length && !endsValue(last + 1)) last += 1;
      const parts = tokens.slice(i, last + 1);
      const stray = parts.find((t) => t.kind !== 'word');
      if (stray) fail(`unexpected "${stray.text}" in a value; put values with spaces, quotes or operators in quotes`, stray.start + 1);
      value = source.slice(first.start, tokens[last]!.end);
      i = last + 1;
    }
    const bareNull = first.kind === 'word' && value.toLowerCase() === 'null' && (op === 'eq' || op === 'ne');
    conditions.push(
      bareNull ? { field: field.text, op: 'isNull', value: op === 'eq' ? 'true' : 'false' } : { field: field.text, op, value },
    );
    if (i < tokens.length) {
      if (!isAnd(tokens[i])) fail(`expected "and" before "${tokens[i]!.text}" (only "and" joins conditions)`, tokens[i]!.start + 1);
      i += 1;
      if (i >= tokens.length) fail('expected a condition after "and"', source.length + 1);
    }
  }
  return conditions;
}
