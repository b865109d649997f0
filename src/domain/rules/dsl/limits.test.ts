import { describe, expect, it } from 'vitest';
import { compileExpression } from './compile.js';
import { refusal as refusalOf } from './test-support.js';
import { EXPRESSION_LIMITS } from './types.js';

const refusal = (source: string) => refusalOf(() => compileExpression(source));
const nested = (open: string, close: string, n: number, inner = 'x') => open.repeat(n) + inner + close.repeat(n);
const chain = (n: number) => Array.from({ length: n + 1 }, () => 'x').join(' + ');

describe('limits', () => {
  it('are the documented ones', () => {
    expect(EXPRESSION_LIMITS).toEqual({ maxSourceBytes: 4096, maxNodes: 1000, maxDepth: 64, maxStringLength: 65536 });
  });

  it('allow 1,000 nodes and refuse the 1,001st at its position', () => {
    const args = (n: number) => `concat(${Array.from({ length: n }, () => '1').join(',')})`;
    expect(compileExpression(args(999)).evaluate({})).toBe('1'.repeat(999));
    // 1,000 arguments and their call: the call is the 1,001st node.
    expect(refusal(args(1000)).details?.[0]).toMatchObject({ position: 1, expected: 'at most 1000 nodes' });
    // 1,001 arguments: the last argument is the 1,001st node ('concat(' is 7 characters).
    expect(refusal(args(1001)).details?.[0]).toMatchObject({ position: 8 + 2 * 1000, expected: 'at most 1000 nodes' });
  });

  it.each([
    ['unary minus', (n: number) => nested('-', '', n - 1)],
    ['not', (n: number) => nested('not ', '', n - 1)],
    ['a chain of +', (n: number) => chain(n - 1)],
    ['^ (right-associative)', (n: number) => Array.from({ length: n }, () => '1').join('^')],
    ['function calls', (n: number) => nested('abs(', ')', n - 1, '1')],
    ['if', (n: number) => nested('if(x, 1, ', ')', n - 1, '2')],
  ])('allow a tree 64 levels high and refuse 65 (%s)', (_, build) => {
    expect(() => compileExpression(build(64))).not.toThrow();
    expect(refusal(build(65)).details?.[0]).toMatchObject({ expected: 'at most 64 levels of nesting' });
  });

  it('allow 64 nested parentheses and refuse 65', () => {
    expect(compileExpression(nested('(', ')', 64)).evaluate({ x: 3 })).toBe(3);
    expect(refusal(nested('(', ')', 65)).details?.[0]).toMatchObject({ position: 66, expected: 'at most 64 levels of nesting' });
  });

  it.each([
    ['parentheses', nested('(', ')', 2000)],
    ['unary minus', '-'.repeat(4000) + '1'],
    ['not', '!'.repeat(4000) + '1'],
    ['calls', nested('abs(', ')', 800, '1')],
    ['power', Array.from({ length: 2000 }, () => '2').join('^')],
    ['a long chain', chain(2000)],
  ])('refuse deep %s within the source limit as a validation error, never a stack overflow', (_, source) => {
    expect(refusal(source).code).toBe('VALIDATION_ERROR');
  });

  it('refuse a source over 4 KB before reading it', () => {
    expect(refusal(`${'x + '.repeat(1100)}x`).details?.[0]).toMatchObject({ expected: 'an expression of at most 4096 bytes' });
  });
});
