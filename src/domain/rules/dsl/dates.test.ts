import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import type { RuleValue } from './types.js';

const NOW = new Date('2025-03-30T23:30:00.000Z');
const clock = { now: () => NOW };
const run = (source: string, values: Record<string, unknown> = {}): RuleValue => compileExpression(source).evaluate(values, clock);

describe('dates', () => {
  it('read today and now from the injected clock, in UTC', () => {
    expect(run('today()')).toBe('2025-03-30');
    expect(run('now()')).toBe('2025-03-30T23:30:00.000Z');
    expect(compileExpression('today()').evaluate({}, { now: () => new Date('2025-12-31T23:59:59.999-01:00') })).toBe('2026-01-01');
    expect(compileExpression('now()').evaluate({}, { now: () => new Date(Number.NaN) })).toBeNull();
  });

  it.each([
    ["days_between('2024-01-01', '2024-03-01')", 60],
    ["days_between('2023-01-01', '2023-03-01')", 59],
    ["days_between('2024-03-01', '2024-01-01')", -60],
    ["days_between('2024-01-01', '2024-01-01T23:59:59Z')", 0],
    ["days_between('2024-01-01T23:00:00Z', '2024-01-02T01:00:00Z')", 1],
    ["days_between('2024-01-01T23:00:00-02:00', '2024-01-02')", 0],
    ["days_between('2024-01-01 10:00', '2024-01-11 09:00')", 10],
    ['days_between(today(), add_days(today(), 30))', 30],
    ["add_days('2024-02-28', 1)", '2024-02-29'],
    ["add_days('2023-02-28', 1)", '2023-03-01'],
    ["add_days('2024-03-01', -1)", '2024-02-29'],
    ["add_days('2024-01-31', 1.9)", '2024-02-01'],
    ["add_days('2024-01-31', -1.9)", '2024-01-30'],
    ["add_days('2024-01-31', '2')", '2024-02-02'],
    ["add_days('2024-01-31T10:00:00+02:00', 1)", '2024-02-01T08:00:00.000Z'],
    ["add_days('2024-01-31T10:00:00.123456Z', 0)", '2024-01-31T10:00:00.123Z'],
    ["year('2024-07-15')", 2024],
    ["month('2024-07-15')", 7],
    ["day('2024-07-15')", 15],
    ["day('2024-07-15T23:30:00-03:00')", 16],
    ["year('0001-01-01')", 1],
    ["month(' 2024-02-29 ')", 2],
    ["today() > '2025-01-01'", true],
    ["add_days('9999-12-31', -1)", '9999-12-30'],
    ['year(d)', 2025],
  ])('%s = %j', (source, expected) => {
    expect(run(source, { d: new Date('2025-05-05T00:00:00Z') })).toBe(expected);
  });

  it.each([
    "days_between('2024-02-30', '2024-03-01')",
    "days_between('2023-02-29', '2024-03-01')",
    "days_between(nil, '2024-01-01')",
    "days_between('2024-01-01', missing)",
    "year('2024-13-01')",
    "month('2024-00-10')",
    "day('24-01-01')",
    "day('2024/01/01')",
    "day('01-02-2024')",
    "day('2024-01-01T24:00:00Z')",
    "day('2024-01-01T10:60Z')",
    "day('2024-01-01T10:00:00+25:00')",
    "day('tomorrow')",
    'day(20240101)',
    'day(t)',
    "add_days('2024-01-01', 'x')",
    "add_days('2024-01-01', nil)",
    "add_days('9999-12-31', 1)",
    "add_days('0000-01-01', -1)",
    "add_days('2024-01-01', 1e12)",
    "year('2024-01-01x')",
  ])('%s is null (no such date)', (source) => {
    expect(run(source, { nil: null, t: true })).toBeNull();
  });
});
