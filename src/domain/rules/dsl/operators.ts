import type { BinaryOperator, RuleValue } from './types.js';
import { capText, compareValues, finite, toNumber, toText, valuesEqual } from './values.js';

/**
 * What each operator answers for any two values (docs/rules.md, "Values and coercions"):
 * arithmetic on non-numbers, division by zero and results that are not finite answer null;
 * `+` joins as text when either side is a string.
 */

type Operation = (a: RuleValue, b: RuleValue) => RuleValue;

function arithmetic(f: (x: number, y: number) => number | null): Operation {
  return (a, b) => {
    const x = toNumber(a);
    if (x === null) return null;
    const y = toNumber(b);
    return y === null ? null : f(x, y);
  };
}

function ordering(test: (order: number) => boolean): Operation {
  return (a, b) => {
    const order = compareValues(a, b);
    return order !== null && test(order);
  };
}

export const add: Operation = (a, b) => {
  if (typeof a === 'number' && typeof b === 'number') return finite(a + b);
  if (typeof a === 'string' || typeof b === 'string') return capText(toText(a) + toText(b));
  return null;
};

export const BINARY: Readonly<Record<BinaryOperator, Operation>> = {
  '+': add,
  '-': arithmetic((x, y) => finite(x - y)),
  '*': arithmetic((x, y) => finite(x * y)),
  '/': arithmetic((x, y) => (y === 0 ? null : finite(x / y))),
  '%': arithmetic((x, y) => (y === 0 ? null : finite(x % y))),
  '^': arithmetic((x, y) => finite(x ** y)),
  '=': valuesEqual,
  '!=': (a, b) => !valuesEqual(a, b),
  '<': ordering((order) => order < 0),
  '<=': ordering((order) => order <= 0),
  '>': ordering((order) => order > 0),
  '>=': ordering((order) => order >= 0),
};

export function negate(value: RuleValue): RuleValue {
  const n = toNumber(value);
  return n === null ? null : -n;
}
