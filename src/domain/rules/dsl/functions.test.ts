import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import { EXPRESSION_FUNCTIONS, FUNCTION_NAMES } from './functions.js';
import { EXPRESSION_LIMITS, type RuleValue } from './types.js';

const VALUES = { name: '  Ana García  ', n: -2.5, nil: null, s: 'abc', t: true, big: 'x'.repeat(40_000), num: '7' };
const run = (source: string, values: Record<string, unknown> = VALUES): RuleValue => compileExpression(source).evaluate(values);

describe('functions', () => {
  it('are exactly the documented list', () => {
    expect(FUNCTION_NAMES).toEqual(
      'len lower upper trim round floor ceil abs min max coalesce concat contains if today now days_between add_days year month day'.split(
        ' ',
      ),
    );
    for (const f of EXPRESSION_FUNCTIONS) expect(f.signature.startsWith(`${f.name}(`)).toBe(true);
  });

  it.each([
    // len counts characters (code points), of any value's text
    ["len('abc')", 3],
    ["len('García')", 6],
    ["len('😀a')", 2],
    ['len(nil)', 0],
    ['len(missing)', 0],
    ['len(12.5)', 4],
    ['len(t)', 4],
    ["len('')", 0],
    // text
    ['lower(name)', '  ana garcía  '],
    ['upper(name)', '  ANA GARCÍA  '],
    ["upper('straße')", 'STRASSE'],
    ['trim(name)', 'Ana García'],
    ["trim('\\t x \\n')", 'x'],
    ['lower(nil)', null],
    ['upper(missing)', null],
    ['trim(nil)', null],
    ['upper(12)', '12'],
    ['lower(t)', 'true'],
    // rounding: half away from zero, as written
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(n)', -3],
    ['round(1.005, 2)', 1.01],
    ['round(0.285, 2)', 0.29],
    ['round(1234.5678, 2)', 1234.57],
    ['round(1234.5678, -2)', 1200],
    ['round(1250, -2)', 1300],
    ['round(1.5, 2.9)', 1.5],
    ['round(1e20, 5)', 1e20],
    ['round(1.23456, 99)', 1.23456],
    ['round(123, -99)', 0],
    ['round(num)', 7],
    ['round(nil)', null],
    ['round(1.5, nil)', null],
    ["round('x')", null],
    ['floor(-2.5)', -3],
    ['ceil(-2.5)', -2],
    ['floor(2.5)', 2],
    ['ceil(2.1)', 3],
    ['abs(n)', 2.5],
    ['abs(nil)', null],
    ['floor(s)', null],
    ['ceil(t)', null],
    // min / max: numbers only, others skipped
    ['min(3, 1, 2)', 1],
    ['max(3, 1, 2)', 3],
    ['min(nil, 4, s, num)', 4],
    ['max(nil, 4, s, num)', 7],
    ['min(nil, s)', null],
    ['max(-1)', -1],
    // coalesce answers the first non-null, even a falsy one
    ['coalesce(nil, missing, 0, 5)', 0],
    ["coalesce(nil, '')", ''],
    ['coalesce(nil, missing)', null],
    // concat: text of every argument, null as empty
    ["concat('a', 1, nil, t, 2.50)", 'a1true2.5'],
    ['concat(nil)', ''],
    // contains: ignores case; null never contains nor is contained
    ["contains(name, 'garcía')", true],
    ["contains(name, 'GARC')", true],
    ["contains(name, 'x')", false],
    ["contains(name, '')", true],
    ["contains(nil, 'a')", false],
    ['contains(s, nil)', false],
    ['contains(12345, 34)', true],
    // if: the chosen branch only
    ["if(t, 'yes', 'no')", 'yes'],
    ["if(nil, 'yes', 'no')", 'no'],
    ["if(0, 'yes')", null],
    ['if(s, 1, 1/0)', 1],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('never evaluates the branch if() does not choose, nor the arguments after coalesce() finds a value', () => {
    const clock = () => {
      throw new Error('evaluated');
    };
    expect(compileExpression('if(true, 1, today())').evaluate({}, { now: clock })).toBe(1);
    expect(compileExpression('coalesce(1, now())').evaluate({}, { now: clock })).toBe(1);
  });

  it('answers null for a built string past 64 KB (never a cut one)', () => {
    const max = EXPRESSION_LIMITS.maxStringLength;
    expect(run('big + big')).toBeNull();
    expect(run('concat(big, big)')).toBeNull();
    expect(run('len(concat(big, big))')).toBe(0);
    expect(run('upper(p)', { p: 'ß'.repeat(max / 2 + 1) })).toBeNull();
    expect(run('p + q', { p: 'x'.repeat(max - 1), q: 'y' })).toHaveLength(max);
    expect(run('concat(p, q, q)', { p: 'x'.repeat(max - 1), q: 'y' })).toBeNull();
    // A field read as it is stays as it is, however long.
    expect(run('p', { p: 'x'.repeat(max * 2) })).toHaveLength(max * 2);
  });
});
