import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import type { RuleValue } from './types.js';

const VALUES = { n: 10, zero: 0, s: 'abc', num: '12.5', t: true, f: false, nil: null, empty: '' };
const run = (source: string, values: Record<string, unknown> = VALUES): RuleValue => compileExpression(source).evaluate(values);

describe('arithmetic', () => {
  it.each([
    ['1 + 2', 3],
    ['7 - 10', -3],
    ['6 * 7', 42],
    ['7 / 2', 3.5],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['7.5 % 2', 1.5],
    ['2 ^ 10', 1024],
    ['2 ^ 0.5', Math.SQRT2],
    ['0 ^ 0', 1],
    ['-n', -10],
    ['0.1 + 0.2', 0.30000000000000004],
    ['num * 2', 25],
    ["'3' - '1'", 2],
    ["' 4 ' * 2", 8],
    ["'1e2' / 4", 25],
    ['-num', -12.5],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it.each([
    ['n / 0', 'division by zero'],
    ['n / zero', 'division by a zero field'],
    ['n % 0', 'remainder by zero'],
    ['0 / 0', 'zero by zero'],
    ['0 ^ -1', 'a result that is infinite'],
    ['(-8) ^ (1/3)', 'a result that is not a number'],
    ['10 ^ 400', 'an overflow'],
    ['1e308 * 10', 'an overflow'],
    ['-1e308 - 1e308', 'a negative overflow'],
    ['nil + 1', 'null'],
    ['1 - nil', 'null'],
    ['missing * 2', 'a missing field'],
    ['-nil', 'negated null'],
    ['s * 2', 'a non-numeric string'],
    ["'' * 2", 'an empty string'],
    ["'1,5' * 2", 'a decimal comma'],
    ["'0x10' * 1", 'a hexadecimal string'],
    ["'Infinity' * 1", 'the word Infinity'],
    ['t * 2', 'a boolean'],
    ['t + 1', 'boolean plus number'],
    ['-t', 'a negated boolean'],
    ['t + f', 'two booleans'],
    ['nil + nil', 'two nulls'],
  ])('%s is null (%s)', (source) => {
    expect(run(source)).toBeNull();
  });

  it('answers 0, never -0', () => {
    expect(Object.is(run('-0'), 0)).toBe(true);
    expect(Object.is(run('0 * -1'), 0)).toBe(true);
  });
});

describe('+ joins text when either side is a string', () => {
  it.each([
    ["'a' + 'b'", 'ab'],
    ['s + 1', 'abc1'],
    ['1 + s', '1abc'],
    ["'n=' + 2.50", 'n=2.5'],
    ["'' + 1e21", '1e+21'],
    ['num + 1', '12.51'],
    ['s + nil', 'abc'],
    ['nil + s', 'abc'],
    ['s + t', 'abctrue'],
    ["'x' + 1 + 2", 'x12'],
    ["1 + 2 + 'x'", '3x'],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });
});

describe('comparisons', () => {
  it.each([
    ['1 = 1', true],
    ['1 == 1.0', true],
    ['1 != 2', true],
    ["'a' = 'A'", false],
    ['nil = null', true],
    ['missing = null', true],
    ['nil != null', false],
    ['zero = null', false],
    ['empty = null', false],
    ['f = null', false],
    ['num = 12.5', true],
    ['12.5 = num', true],
    ['s = 0', false],
    ['t = 1', false],
    ["t = 'true'", false],
    ['t = true', true],
    ['2 > 1', true],
    ['2 >= 2', true],
    ['1 < 2', true],
    ['2 <= 1', false],
    ["'b' > 'a'", true],
    ["'B' < 'a'", true],
    ["'10' < '9'", true],
    ["'2024-01-10' > '2024-01-09'", true],
    ['num > 9', true],
    ['9 < num', true],
    ['s > 1', false],
    ['s < 1', false],
    ['nil < 1', false],
    ['nil >= nil', false],
    ['1 > nil', false],
    ['t > f', true],
    ['t > 0', false],
    ['t <= 1', false],
  ])('%s is %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });
});

describe('logic', () => {
  it.each([
    ['t and t', true],
    ['t and f', false],
    ['t && n', 10],
    ['zero and n', 0],
    ['nil or "default"', 'default'],
    ['empty || "default"', 'default'],
    ['zero || 5', 5],
    ['s || "default"', 'abc'],
    ['f or nil', null],
    ['not t', false],
    ['!nil', true],
    ['not empty', true],
    ['not s', false],
    ['not zero', true],
    ["not '0'", false],
    ['n > 5 and s = "abc"', true],
    ['n > 50 or not (s = "abc")', false],
  ])('%s is %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('short-circuits: the right side is not evaluated when the left decides', () => {
    const clock = () => {
      throw new Error('evaluated');
    };
    const compiled = compileExpression('n > 5 or today() = "x"');
    expect(compiled.evaluate(VALUES, { now: clock })).toBe(true);
    expect(compileExpression('f and today() = "x"').evaluate(VALUES, { now: clock })).toBe(false);
  });
});
