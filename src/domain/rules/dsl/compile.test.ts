import { describe, expect, it } from 'vitest';
import { compileExpression, type CompileOptions } from './compile.js';
import { refusal as refusalOf } from './test-support.js';

const refusal = (source: string, options?: CompileOptions) => refusalOf(() => compileExpression(source, options));

describe('compileExpression', () => {
  it('keeps the source and tree, and lists each field read once in order of first appearance', () => {
    const compiled = compileExpression('(cantidad * precio - descuento) * (1 + iva / 100) + if(cantidad > 1, precio, 0)');
    expect(compiled.source).toBe('(cantidad * precio - descuento) * (1 + iva / 100) + if(cantidad > 1, precio, 0)');
    expect(compiled.identifiers).toEqual(['cantidad', 'precio', 'descuento', 'iva']);
    expect(Object.isFrozen(compiled.identifiers)).toBe(true);
    expect(compiled.ast.kind).toBe('binary');
    expect(compiled.evaluate({ cantidad: 2, precio: 10, descuento: 1, iva: 21 })).toBeCloseTo(32.99, 10);
    expect(compileExpression('1 + 2').identifiers).toEqual([]);
  });

  it('refuses an unknown field when the known keys are given, suggesting the closest', () => {
    const fields = ['cantidad', 'precio_unitario', 'total'];
    expect(compileExpression('cantidad * precio_unitario', { fields }).identifiers).toEqual(['cantidad', 'precio_unitario']);
    const error = refusal('cantidad * precio_unitraio', { fields, field: 'ruleDsl.compute.total.expression' });
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe(
      "ruleDsl.compute.total.expression at position 12: unknown field 'precio_unitraio'; did you mean 'precio_unitario'?",
    );
    expect(error.details).toEqual([
      {
        field: 'ruleDsl.compute.total.expression',
        position: 12,
        expected: 'a field of the entity',
        message: "unknown field 'precio_unitraio'; did you mean 'precio_unitario'?",
      },
    ]);
    expect(refusal('Total + 1', { fields }).message).toContain("did you mean 'total'?");
    expect(refusal('xyz', { fields }).message).toContain("unknown field 'xyz'; the fields are cantidad, precio_unitario, total");
    expect(refusal('xyz', { fields: [] }).message).toContain('the entity has no fields');
    // The first unknown field, by position.
    expect(refusal('a + b', { fields: ['c'] }).details?.[0]?.position).toBe(1);
  });

  it('reads only own properties; missing fields, objects, arrays and non-finite numbers read as null', () => {
    const read = compileExpression('coalesce(v, "null")');
    const evaluate = (v: unknown) => read.evaluate({ v });
    expect(evaluate(undefined)).toBe('null');
    expect(evaluate({ lat: 1 })).toBe('null');
    expect(evaluate([1, 2])).toBe('null');
    expect(evaluate(Number.NaN)).toBe('null');
    expect(evaluate(Number.POSITIVE_INFINITY)).toBe('null');
    expect(evaluate(() => 1)).toBe('null');
    expect(evaluate(Symbol('s'))).toBe('null');
    expect(evaluate(12n)).toBe(12);
    expect(evaluate(new Date('2024-05-06T07:08:09Z'))).toBe('2024-05-06T07:08:09.000Z');
    expect(evaluate(new Date(Number.NaN))).toBe('null');
    const inherited = Object.create({ v: 'inherited' }) as Record<string, unknown>;
    expect(read.evaluate(inherited)).toBe('null');
    expect(read.evaluate(Object.assign(Object.create(null) as object, { v: 'own' }))).toBe('own');
    expect(read.evaluate(null as unknown as Record<string, unknown>)).toBe('null');
  });

  it('does not change the values it is given', () => {
    const values = { a: 1, b: 'x' };
    compileExpression('a + 1 + b').evaluate(values);
    expect(values).toEqual({ a: 1, b: 'x' });
  });

  it('answers the same for the same input: a compiled expression holds no state between evaluations', () => {
    const compiled = compileExpression('a * 2');
    expect([compiled.evaluate({ a: 1 }), compiled.evaluate({}), compiled.evaluate({ a: 3 })]).toEqual([2, null, 6]);
  });
});
