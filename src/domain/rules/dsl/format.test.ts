import { describe, expect, it } from 'vitest';
import { formatExpression } from './format.js';
import { parseExpression } from './parser.js';
import type { Expr } from './types.js';

/** The tree without positions, to compare a reparsed tree with the original. */
const strip = (expr: Expr): unknown => JSON.parse(JSON.stringify(expr, (key, value: unknown) => (key === 'position' ? undefined : value)));

describe('formatExpression', () => {
  it.each([
    ['(cantidad*precio-descuento)*(1+iva/100)', '(cantidad * precio - descuento) * (1 + iva / 100)'],
    ['a - (b - c)', 'a - (b - c)'],
    ['(a - b) - c', 'a - b - c'],
    ['(2 ^ 3) ^ 2', '(2 ^ 3) ^ 2'],
    ['2 ^ (3 ^ 2)', '2 ^ 3 ^ 2'],
    ['(-2) ^ 2', '(-2) ^ 2'],
    ['-(2 ^ 2)', '-2 ^ 2'],
    ['(a = b) = c', '(a = b) = c'],
    ['!(a && b) || c', 'not (a and b) or c'],
    ['(not a) = b', '(not a) = b'],
    ["IF(x>1,'it\\'s',\"b\")", 'if(x > 1, "it\'s", "b")'],
    ['a + (not b)', 'a + (not b)'],
    ['(a or b) and c', '(a or b) and c'],
    ["'line\\nbreak\\u0000'", '"line\\nbreak\\u0000"'],
  ])('%s → %s', (source, expected) => {
    const text = formatExpression(parseExpression(source));
    expect(text).toBe(expected);
    expect(strip(parseExpression(text))).toEqual(strip(parseExpression(source)));
  });
});
