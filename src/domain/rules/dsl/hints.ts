import { FUNCTION_NAMES, lookupFunction } from './functions.js';
import type { Token } from './lexer.js';
import type { Expr } from './types.js';

/**
 * The message for `.`, `[` or `(` after a value: the language has no member access, indexing or
 * method calls (that is where expression libraries' escapes live), so each is refused with the
 * function to use instead where there is one.
 */

/** JavaScript method names people reach for, and our function that does the same. */
const JS_METHODS: Readonly<Record<string, string>> = Object.assign(Object.create(null) as object, {
  length: 'len',
  trimstart: 'trim',
  trimend: 'trim',
  tolowercase: 'lower',
  tolocalelowercase: 'lower',
  touppercase: 'upper',
  tolocaleuppercase: 'upper',
  includes: 'contains',
  tofixed: 'round',
});

function functionFor(name: string): string | undefined {
  const key = name.toLowerCase();
  if (Object.hasOwn(JS_METHODS, key)) return JS_METHODS[key];
  return lookupFunction(key) ? key : undefined;
}

export function memberAccessHint(source: string, tokens: readonly Token[], index: number, first: Token, left: Expr): string {
  const token = tokens[index]!;
  if (token.text === '(') {
    const what = left.kind === 'literal' ? 'a value' : 'this';
    return `${what} cannot be called: only functions are called, as name(…); the functions are ${FUNCTION_NAMES.join(', ')}`;
  }
  if (token.text === '[') return 'indexing (x[…]) is not supported: an expression reads fields by their key alone';
  const member = tokens[index + 1];
  if (member?.kind !== 'name') return "unexpected '.': there is no member access (decimals are written 0.5)";
  const written = source.slice(first.position - 1, token.position - 1).trim();
  // A '.' always follows the value just read, so a target starting with '(' is one group: unwrap it.
  const target = first.text === '(' && first.kind === 'symbol' ? written.slice(1, -1).trim() : written;
  const isCall = tokens[index + 2]?.text === '(' && tokens[index + 2]?.kind === 'symbol';
  const replacement = functionFor(member.text);
  if (isCall) {
    const hasArgs = tokens[index + 3]?.text !== ')';
    return replacement
      ? `method calls are not supported: use ${replacement}(${target}${hasArgs ? ', …' : ''})`
      : `method calls are not supported: functions are called as name(value); the functions are ${FUNCTION_NAMES.join(', ')}`;
  }
  return replacement
    ? `member access is not supported: use ${replacement}(${target})`
    : `member access (${target}.${member.text}) is not supported: an expression reads fields by their key alone`;
}
