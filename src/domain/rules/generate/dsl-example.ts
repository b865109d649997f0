import type { FieldInfo } from './field-names.js';

const NUMERIC = new Set(['number', 'integer']);

/**
 * An example rule in the DSL's second shape, written with the entity's own fields: what a client
 * is shown when a description could not be read, to complete and send as `dsl`.
 */
export function dslExample(fields: readonly FieldInfo[]): Record<string, unknown> {
  const numbers = fields.filter((f) => NUMERIC.has(f.fieldType)).map((f) => f.fieldKey);
  const [a = 'cantidad', b = 'precio', target = 'total'] =
    numbers.length >= 3 ? numbers.slice(-3) : numbers.length === 2 ? [...numbers, 'total'] : [];
  const text = fields.find((f) => !NUMERIC.has(f.fieldType))?.fieldKey ?? 'nombre';
  return {
    type: 'compute',
    triggers: [a, b],
    compute: { [target]: { type: 'formula', expression: `${a} * ${b}` } },
    validate: [{ id: `${a}_positive`, condition: `${a} > 0`, message: `${a} must be greater than 0`, severity: 'error' }],
    transform: { [text]: { type: 'trim' } },
  };
}
