import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.js';
import { compileExpression } from './compile.js';
import { IDENTIFIERS } from './fuzz-arbitraries.js';
import { changedSince, prototypeSnapshot, type PrototypeSnapshot } from './prototype-snapshot.js';

/**
 * Attempts to reach JavaScript from an expression. Each must be refused as a VALIDATION_ERROR or
 * evaluate to a plain value, and leave every built-in prototype and the global object as they were.
 */

const ATTEMPTS = [
  // constructor, __proto__, prototype, toString, this, globalThis, process, require, Function, eval …
  ...IDENTIFIERS,
  'window',
  'module',
  'len(constructor) + len(__proto__)',
  'coalesce(__proto__, constructor, prototype, "none")',
  'constructor.constructor("return process")()',
  'x.constructor',
  'x.__proto__',
  'x.__proto__.polluted = 1',
  'Object.prototype',
  "x['constructor']",
  "x['__proto__']['polluted']",
  "'abc'.constructor",
  "''.toString()",
  '(1).constructor',
  'x.trim()',
  'this.x',
  'require("fs")',
  'process.exit(1)',
  'Function("return this")()',
  'eval("1")',
  'import("fs")',
  'new Function("return 1")',
  'constructor(1)',
  'toString()',
  '__proto__(1)',
  'hasOwnProperty("x")',
  '__defineGetter__("a", 1)',
  'valueOf()',
  '`${process.env}`',
  '`x`',
  '\\u0063onstructor',
  "'\\u0063onstructor'",
  'x = 1; process.exit()',
  'a => a',
  'function() { return 1 }',
  '[].constructor',
  '({}).x',
  'a?.b',
  'globalThis["process"]',
  '"__proto__" + constructor',
  'concat(constructor, __proto__, prototype)',
];

describe('escape attempts', () => {
  let before: PrototypeSnapshot;
  beforeAll(() => {
    before = prototypeSnapshot();
  });
  afterAll(() => {
    expect(changedSince(before)).toEqual([]);
  });

  it.each(ATTEMPTS)('%s is refused or evaluates to a plain value', (source) => {
    let compiled;
    try {
      compiled = compileExpression(source);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION_ERROR');
      return;
    }
    const polluted = JSON.parse('{"__proto__": {"polluted": 1}, "x": "abc"}') as Record<string, unknown>;
    for (const values of [{}, { x: 'abc' }, polluted, Object.create(null) as Record<string, unknown>]) {
      const value = compiled.evaluate(values);
      expect(value === null || ['string', 'number', 'boolean'].includes(typeof value)).toBe(true);
      expect(String(value)).not.toMatch(/function|\[object|native code/);
    }
    expect(changedSince(before)).toEqual([]);
  });

  it('the snapshot notices a changed prototype (so the checks above can fail)', () => {
    const snapshot = prototypeSnapshot();
    const original = Object.getOwnPropertyDescriptor(Array.prototype, 'at')!;
    Object.defineProperty(Array.prototype, 'at', { ...original, value: () => 0 });
    (Object.prototype as Record<string, unknown>).polluted = 1;
    try {
      expect(changedSince(snapshot)).toEqual(['Object.prototype.polluted', 'Array.prototype.at']);
    } finally {
      Object.defineProperty(Array.prototype, 'at', original);
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    expect(changedSince(snapshot)).toEqual([]);
  });

  it('method calls are refused with the function to use', () => {
    expect(() => compileExpression('x.trim()')).toThrow('method calls are not supported: use trim(x)');
    expect(() => compileExpression('nombre.toLowerCase()')).toThrow('use lower(nombre)');
  });

  it('names like constructor and __proto__ are plain field reads of own properties', () => {
    const read = compileExpression('concat(constructor, "/", __proto__, "/", prototype)');
    expect(read.evaluate({})).toBe('//');
    expect(read.evaluate({ constructor: 'c', prototype: 'p' })).toBe('c//p');
    expect(read.evaluate(JSON.parse('{"__proto__": "own"}') as Record<string, unknown>)).toBe('/own/');
  });

  it('the language’s sources use no eval, Function, vm, with or Proxy', () => {
    const folder = new URL('.', import.meta.url);
    const sources = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(5);
    for (const name of sources) {
      const text = readFileSync(new URL(name, folder), 'utf8');
      expect(text, name).not.toMatch(/\beval\s*\(|\bnew Function\b|\bFunction\s*\(|node:vm|\bwith\s*\(|\bProxy\b/);
    }
  });
});
