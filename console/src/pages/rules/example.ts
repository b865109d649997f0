import type { Field } from '../../api/types.ts';

const NUMERIC = new Set(['number', 'integer']);
const TEXT = new Set(['text', 'textarea', 'email']);

/**
 * A rule in the DSL written with the entity's own fields, to start from: a formula, a validation
 * and a transform where the entity has fields of the kinds they need.
 */
export function exampleRule(fields: readonly Field[]): string {
  const own = fields.filter((f) => !f.isSystem);
  const numbers = own.filter((f) => NUMERIC.has(f.type)).map((f) => f.fieldKey);
  const text = own.find((f) => TEXT.has(f.type))?.fieldKey;
  const dsl: Record<string, unknown> = { compute: {}, validate: [], transform: {}, actions: [] };
  if (numbers.length >= 3) dsl.compute = { [numbers[2]!]: `${numbers[0]} * ${numbers[1]}` };
  else if (numbers.length === 2) dsl.compute = { [numbers[1]!]: `round(${numbers[0]} * 1.21, 2)` };
  if (numbers[0]) {
    dsl.validate = [
      {
        id: `${numbers[0]}_not_negative`,
        condition: `${numbers[0]} >= 0`,
        message: `${numbers[0]} must not be negative`,
        severity: 'error',
      },
    ];
  }
  if (text) dsl.transform = { [text]: 'trim' };
  return JSON.stringify(dsl, null, 2);
}
