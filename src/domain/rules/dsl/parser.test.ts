import { describe, expect, it } from 'vitest';
import { parseExpression } from './parser.js';
import { refusal } from './test-support.js';
import type { Expr } from './types.js';

/** The tree as a fully parenthesised S-expression, so precedence reads at a glance. */
function shape(expr: Expr): string {
  switch (expr.kind) {
    case 'literal':
      return JSON.stringify(expr.value);
    case 'field':
      return expr.name;
    case 'unary':
      return `(${expr.operator} ${shape(expr.operand)})`;
    case 'binary':
    case 'logical':
      return `(${expr.operator} ${shape(expr.left)} ${shape(expr.right)})`;
    case 'call':
      return `(${expr.name}${expr.args.map((a) => ` ${shape(a)}`).join('')})`;
  }
}
const parsed = (source: string) => shape(parseExpression(source));

const errorOf = (source: string, field?: string) => refusal(() => parseExpression(source, field === undefined ? undefined : { field }));

describe('precedence and associativity', () => {
  it.each([
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['1 - 2 - 3', '(- (- 1 2) 3)'],
    ['8 / 4 / 2', '(/ (/ 8 4) 2)'],
    ['7 % 3 * 2', '(* (% 7 3) 2)'],
    ['2 ^ 3 ^ 2', '(^ 2 (^ 3 2))'],
    ['-2 ^ 2', '(- (^ 2 2))'],
    ['2 ^ -1', '(^ 2 (- 1))'],
    ['-a * b', '(* (- a) b)'],
    ['--a', '(- (- a))'],
    ['a + b > c * 2', '(> (+ a b) (* c 2))'],
    ['a = 1 or b = 2 and c = 3', '(or (= a 1) (and (= b 2) (= c 3)))'],
    ['a || b && c', '(or a (and b c))'],
    ['not a = b', '(not (= a b))'],
    ['!a = b', '(not (= a b))'],
    ['not a and b', '(and (not a) b)'],
    ['not not a', '(not (not a))'],
    ['a == b', '(= a b)'],
    ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
    ['a or b or c', '(or (or a b) c)'],
    ['a AND b Or NOT c', '(or (and a b) (not c))'],
    ['TRUE != False', '(!= true false)'],
    ['NULL', 'null'],
    ['ROUND(x, 2)', '(round x 2)'],
    ['if(a > 0, "pos", coalesce(b, 0))', '(if (> a 0) "pos" (coalesce b 0))'],
    ['today()', '(today)'],
    ['x = -1', '(= x (- 1))'],
    ['a - -b', '(- a (- b))'],
  ])('%s', (source, expected) => {
    expect(parsed(source)).toBe(expected);
  });

  it('records 1-based positions of each node', () => {
    expect(parseExpression('a  + len(b)')).toMatchObject({
      position: 4,
      left: { kind: 'field', position: 1 },
      right: { kind: 'call', name: 'len', position: 6, args: [{ kind: 'field', name: 'b', position: 10 }] },
    });
  });
});

describe('syntax errors name the position and what was expected', () => {
  it.each([
    ['', 1, 'a value', 'expected a value, found the end of the expression'],
    ['   ', 4, 'a value', 'found the end'],
    ['1 +', 4, 'a value', 'found the end'],
    ['* 2', 1, 'a value', "expected a value before '*'"],
    ['a b', 3, 'an operator or the end of the expression', "unexpected 'b'"],
    ['(1 + 2', 7, "')'", "expected ')' to close the '(' at position 1"],
    ['1 + 2)', 6, 'an operator or the end of the expression', "unexpected ')'"],
    ['a < b < c', 7, 'and/or between comparisons', 'comparisons do not chain'],
    ['a = b = c', 7, 'and/or between comparisons', 'comparisons do not chain'],
    ['a === b', 3, 'an operator', "unknown operator '===': use = (or ==)"],
    ['a !== b', 3, 'an operator', 'use !='],
    ['a <> b', 3, 'an operator', 'use !='],
    ['and a', 1, 'a value', "expected a value before 'and'"],
    ['a or', 5, 'a value', 'found the end'],
    ['len(a b)', 7, "',' or ')'", 'in the arguments of len'],
    ['len(a,)', 7, 'a value', "expected a value before ')'"],
    ['len(', 5, 'a value', 'found the end'],
    ['round()', 1, 'round(number, decimals?)', 'takes 1 to 2 arguments, got 0'],
    ['len(1, 2)', 1, 'len(value)', 'takes 1 argument, got 2'],
    ['today(1)', 1, 'today()', 'takes 0 arguments, got 1'],
    ['if(a)', 1, 'if(condition, then, else?)', 'takes 2 to 3 arguments'],
    ['min()', 1, 'min(a, b, …)', 'takes at least 1 argument'],
    ['1 + foo(2)', 5, 'a known function', "unknown function 'foo'; the functions are len, lower, upper"],
    ['lenght(x)', 1, 'a known function', "unknown function 'lenght' (did you mean len?)"],
    ['.5', 1, 'a value', 'decimals are written with a leading digit'],
    ['[1, 2]', 1, 'a value', 'lists ([…]) are not supported'],
    ['1 (2)', 3, 'an operator', 'a value cannot be called'],
  ])('%j → position %i', (source, position, expected, message) => {
    const error = errorOf(source);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ field: 'expression', position, expected, message: expect.stringContaining(message) }]);
    expect(error.message).toBe(`expression at position ${position}: ${error.details![0]!.message}`);
  });

  it.each([
    ['x.trim()', 2, 'method calls are not supported: use trim(x)'],
    ['1 + nombre.toUpperCase()', 11, 'use upper(nombre)'],
    ['(a + b).trim()', 8, 'use trim(a + b)'],
    ['x.includes("a")', 2, 'use contains(x, …)'],
    ['x.toFixed(2)', 2, 'use round(x, …)'],
    ['x.foo()', 2, 'method calls are not supported: functions are called as name(value); the functions are len'],
    ['x.length', 2, 'member access is not supported: use len(x)'],
    ['x.trim', 2, 'use trim(x)'],
    ['a.b', 2, 'member access (a.b) is not supported'],
    ['a.constructor', 2, 'member access (a.constructor) is not supported'],
    ['x.__proto__.polluted', 2, 'member access (x.__proto__) is not supported'],
    ['"abc".constructor', 6, 'member access ("abc".constructor) is not supported'],
    ['a[0]', 2, 'indexing (x[…]) is not supported'],
    ['a.', 2, "unexpected '.': there is no member access"],
    ['(a)(1)', 4, 'this cannot be called'],
  ])('refuses %j with a hint', (source, position, message) => {
    expect(errorOf(source).details?.[0]).toEqual({
      field: 'expression',
      position,
      expected: 'an operator',
      message: expect.stringContaining(message),
    });
  });

  it('prefixes the caller’s field path', () => {
    const error = errorOf('1 +', 'ruleDsl.compute.total.expression');
    expect(error.message).toBe('ruleDsl.compute.total.expression at position 4: expected a value, found the end of the expression');
    expect(error.details?.[0]?.field).toBe('ruleDsl.compute.total.expression');
  });

  it('refuses a source that is not a string', () => {
    expect(errorOf(42 as unknown as string).message).toContain('must be a string');
  });
});
