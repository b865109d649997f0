import { describe, expect, it } from 'vitest';
import { tokenize } from './lexer.js';
import { refusal } from './test-support.js';

const texts = (source: string) => tokenize(source).map((t) => (t.kind === 'end' ? '<end>' : t.text));

const errorOf = (source: string) => refusal(() => tokenize(source));

describe('lexer', () => {
  it('splits operators, longest first, and skips white space of any kind', () => {
    expect(texts('a>=1&&b!=2||!c==d<=e')).toEqual(['a', '>=', '1', '&&', 'b', '!=', '2', '||', '!', 'c', '==', 'd', '<=', 'e', '<end>']);
    expect(texts(' \t\n1\u00a0+\r\n2 ')).toEqual(['1', '+', '2', '<end>']);
    expect(tokenize('  x').map((t) => t.position)).toEqual([3, 4]);
  });

  it.each([
    ['0', 0],
    ['42', 42],
    ['3.25', 3.25],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['1e+21', 1e21],
  ])('reads the number %s', (source, value) => {
    expect(tokenize(source)[0]).toMatchObject({ kind: 'number', value });
  });

  it.each([
    [`'it\\'s'`, "it's"],
    [`"say \\"hi\\""`, 'say "hi"'],
    [`'a"b'`, 'a"b'],
    [`"a'b"`, "a'b"],
    [`'\\n\\t\\r\\b\\f\\v\\0\\\\'`, '\n\t\r\b\f\v\0\\'],
    [`'\\u00e9\\u{1F600}'`, 'é😀'],
    [`'línea\nnueva'`, 'línea\nnueva'],
    [`''`, ''],
  ])('reads the string %s', (source, value) => {
    expect(tokenize(source)[0]).toMatchObject({ kind: 'string', value, position: 1 });
  });

  it('reads names with letters of any script, digits and underscores', () => {
    expect(texts('año_2 + _x + Größe')).toEqual(['año_2', '+', '_x', '+', 'Größe', '<end>']);
    expect(texts('𝑥1 + x١')).toEqual(['𝑥1', '+', 'x١', '<end>']);
  });

  it('refuses a name that starts with a digit of another script (found by the fuzz: it used to loop forever)', () => {
    expect(errorOf('\u1bb0').message).toContain("unexpected character '\u1bb0'");
    expect(errorOf('a + ١٢').details?.[0]).toMatchObject({ position: 5 });
  });

  it.each([
    ['1 + `x`', 5, 'template strings are not supported'],
    ['\\u0061', 1, 'a backslash escape is only allowed inside a quoted string'],
    ['a ; b', 3, 'statements'],
    ['a ? 1 : 2', 3, 'use if(condition, then, else)'],
    ['a & b', 3, 'use "and"'],
    ['a | b', 3, 'use "or"'],
    ['{}', 1, 'objects are not supported'],
    ['a # b', 3, "unexpected character '#'"],
    ['"open', 1, 'not closed with "'],
    ["'open\\'", 1, "not closed with '"],
    ["'a\\x41'", 3, "unknown escape '\\x'"],
    ["'\\u12'", 2, 'invalid unicode escape'],
    ["'\\u{110000}'", 2, 'invalid unicode escape'],
    ['2x', 2, "unexpected 'x' after the number 2"],
    ['1.2.3', 4, "unexpected '.' after the number 1.2"],
    ['0x1F', 2, "unexpected 'x'"],
    ['1e999', 1, 'too large'],
  ])('refuses %j at position %i', (source, position, message) => {
    const error = errorOf(source);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([expect.objectContaining({ field: 'expression', position })]);
    expect(error.message).toContain(`at position ${position}`);
    expect(error.message).toContain(message);
  });

  it('holds sources to 4,096 UTF-8 bytes, naming the first character past the limit', () => {
    expect(() => tokenize('1+'.repeat(2047) + '1')).not.toThrow();
    expect(errorOf('1'.repeat(4097)).details?.[0]).toMatchObject({ position: 4097, expected: 'an expression of at most 4096 bytes' });
    // 'é' is two bytes: the 2,049th one ends at byte 4,098.
    expect(errorOf(`'${'é'.repeat(2100)}'`).details?.[0]).toMatchObject({ position: 2049 });
  });
});
