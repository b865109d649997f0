import { roundTo } from '../dsl/index.js';
import type { TransformSpec } from '../rule.types.js';

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A numeric value as rounding reads it: a number, or a decimal numeric string. */
function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/**
 * A transform of one value (docs/rules.md "Transforms"). Values a transform does not apply to are
 * left as they are (e.g. `lowercase` of a number; `round` of text that is not a number), so schema
 * validation reports them by the field's type. Missing fields stay missing, except for `default`.
 */
export function applyTransform(spec: TransformSpec, value: unknown): unknown {
  switch (spec.type) {
    case 'lowercase':
      return typeof value === 'string' ? value.toLowerCase() : value;
    case 'uppercase':
      return typeof value === 'string' ? value.toUpperCase() : value;
    case 'trim':
      return typeof value === 'string' ? value.trim() : value;
    case 'round': {
      const n = asNumber(value);
      return n === null ? value : (roundTo(n, spec.decimals) ?? value);
    }
    case 'default':
      return isEmpty(value) ? spec.value : value;
    default: {
      const never: never = spec;
      throw new Error(`unknown transform ${JSON.stringify(never)}`);
    }
  }
}

/** Applies transforms to `values` in place; answers the fields whose value changed. */
export function applyTransforms(
  transforms: ReadonlyArray<readonly [string, TransformSpec]>,
  values: Record<string, unknown>,
  only?: ReadonlySet<string>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [field, spec] of transforms) {
    if (only && !only.has(field)) continue;
    const before = Object.hasOwn(values, field) ? values[field] : undefined;
    if (before === undefined && spec.type !== 'default') continue;
    const after = applyTransform(spec, before);
    if (after !== before) {
      values[field] = after;
      changed[field] = after;
    }
  }
  return changed;
}
