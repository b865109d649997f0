import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { parseFilterExpression } from './filter-expression.js';

const parse = parseFilterExpression;

function failure(source: string): AppError {
  try {
    parse(source);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`expected "${source}" to be refused`);
}

describe('parseFilterExpression', () => {
  it('reads the plain equality form', () => {
    expect(parse('status = active')).toEqual([{ field: 'status', op: 'eq', value: 'active' }]);
    expect(parse('status=active')).toEqual([{ field: 'status', op: 'eq', value: 'active' }]);
  });

  it('reads every operator', () => {
    expect(parse('a = 1 and b != 2 and c > 3 and d >= 4 and e < 5 and f <= 6 and g contains x and h == 7 and i <> 8')).toEqual([
      { field: 'a', op: 'eq', value: '1' },
      { field: 'b', op: 'ne', value: '2' },
      { field: 'c', op: 'gt', value: '3' },
      { field: 'd', op: 'gte', value: '4' },
      { field: 'e', op: 'lt', value: '5' },
      { field: 'f', op: 'lte', value: '6' },
      { field: 'g', op: 'contains', value: 'x' },
      { field: 'h', op: 'eq', value: '7' },
      { field: 'i', op: 'ne', value: '8' },
    ]);
  });

  it('accepts keywords in any case', () => {
    expect(parse('name CONTAINS ana AND age > 3')).toEqual([
      { field: 'name', op: 'contains', value: 'ana' },
      { field: 'age', op: 'gt', value: '3' },
    ]);
  });

  it('reads quoted values with spaces, operators, escapes and doubled quotes', () => {
    expect(parse(`title = "a = b and c > d"`)).toEqual([{ field: 'title', op: 'eq', value: 'a = b and c > d' }]);
    expect(parse(`name = 'O''Brien'`)).toEqual([{ field: 'name', op: 'eq', value: "O'Brien" }]);
    expect(parse(String.raw`name = "say \"hi\""`)).toEqual([{ field: 'name', op: 'eq', value: 'say "hi"' }]);
    expect(parse(`note = ""`)).toEqual([{ field: 'note', op: 'eq', value: '' }]);
  });

  it('keeps Unicode values and fields intact', () => {
    expect(parse('ciudad = Málaga and nombre contains "José Núñez" and año >= 2024 and tag = 東京')).toEqual([
      { field: 'ciudad', op: 'eq', value: 'Málaga' },
      { field: 'nombre', op: 'contains', value: 'José Núñez' },
      { field: 'año', op: 'gte', value: '2024' },
      { field: 'tag', op: 'eq', value: '東京' },
    ]);
  });

  it('reads bare multi-word values up to the next condition', () => {
    expect(parse('city = New York and age > 30')).toEqual([
      { field: 'city', op: 'eq', value: 'New York' },
      { field: 'age', op: 'gt', value: '30' },
    ]);
    expect(parse('band = Tom and Jerry')).toEqual([{ field: 'band', op: 'eq', value: 'Tom and Jerry' }]);
    expect(parse("name = O'Brien")).toEqual([{ field: 'name', op: 'eq', value: "O'Brien" }]);
    expect(parse('due < 2025-01-31T10:00:00Z')).toEqual([{ field: 'due', op: 'lt', value: '2025-01-31T10:00:00Z' }]);
  });

  it('reads a bare null as an emptiness test, a quoted one as the word', () => {
    expect(parse('notes = null and due != NULL')).toEqual([
      { field: 'notes', op: 'isNull', value: 'true' },
      { field: 'due', op: 'isNull', value: 'false' },
    ]);
    expect(parse('notes = "null"')).toEqual([{ field: 'notes', op: 'eq', value: 'null' }]);
    expect(parse('notes > null')).toEqual([{ field: 'notes', op: 'gt', value: 'null' }]);
  });

  it('reads an empty or blank filter as no condition', () => {
    expect(parse('')).toEqual([]);
    expect(parse('   ')).toEqual([]);
  });

  it('refuses malformed filters with a position and an example', () => {
    const missingOp = failure('status active');
    expect(missingOp.code).toBe('VALIDATION_ERROR');
    expect(missingOp.message).toMatch(/expected one of = != > >= < <= contains after "status"/);
    expect(missingOp.message).toMatch(/e\.g\./);
    expect(missingOp.details?.[0]).toMatchObject({ field: 'filter', position: 8 });

    expect(failure('status =').message).toMatch(/missing value/);
    expect(failure('a = 1 and').message).toMatch(/missing value|condition after "and"/);
    expect(failure('= 3').message).toMatch(/expected a field name/);
    expect(failure('a = "open').message).toMatch(/unterminated double-quoted/);
    expect(failure('a = "x" b = 2').message).toMatch(/expected "and"/);
    expect(failure('a = 1 or b = 2').message).toMatch(/unexpected "="/);
    expect(failure('a = x > y').message).toMatch(/unexpected ">"/);
    expect(failure('a = and b = 2').message).toMatch(/missing value/);
    expect(failure('score ~ 3').message).toMatch(/expected one of/);
  });
});
