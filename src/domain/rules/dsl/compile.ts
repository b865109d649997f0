import { expressionError, type SourceOptions } from './expression-error.js';
import { lookupFunction } from './functions.js';
import { BINARY, negate } from './operators.js';
import { parseExpression } from './parser.js';
import { closest } from './suggest.js';
import type { EvalEnv, Evaluator, Expr, RuleValue } from './types.js';
import { isTruthy, toRuleValue } from './values.js';

export interface CompileOptions extends SourceOptions {
  /** The field keys the expression may read; any other identifier is refused, naming the closest key. */
  readonly fields?: Iterable<string>;
}

/** An expression compiled once to closures; evaluate it as often as needed. */
export interface CompiledExpression {
  readonly source: string;
  readonly ast: Expr;
  /** The field keys it reads, each once, in order of first appearance (for dependency order and cycles). */
  readonly identifiers: readonly string[];
  /**
   * Its value for one record. Total: never throws for any data, never answers NaN or ±Infinity.
   * Fields are own properties of `values`; a missing one (or an object, array or non-finite
   * number) reads as null.
   */
  evaluate(values: Readonly<Record<string, unknown>>, env?: EvalEnv): RuleValue;
}

const SYSTEM_CLOCK: EvalEnv = Object.freeze({});
const NO_VALUES: Readonly<Record<string, unknown>> = Object.freeze(Object.create(null) as Record<string, unknown>);

/** Parses and compiles an expression, or throws VALIDATION_ERROR naming the position and what was expected. */
export function compileExpression(source: string, options?: CompileOptions): CompiledExpression {
  const ast = parseExpression(source, options);
  const known = options?.fields === undefined ? undefined : new Set(options.fields);
  const slots = new Map<string, number>();
  const root = build(ast, (node) => {
    if (known !== undefined && !known.has(node.name)) refuseUnknownField(node, known, options);
    let slot = slots.get(node.name);
    if (slot === undefined) slots.set(node.name, (slot = slots.size));
    return slot;
  });
  const identifiers = Object.freeze([...slots.keys()]);
  const count = identifiers.length;
  return Object.freeze({
    source,
    ast,
    identifiers,
    evaluate(values: Readonly<Record<string, unknown>>, env: EvalEnv = SYSTEM_CLOCK): RuleValue {
      const record = values !== null && typeof values === 'object' ? values : NO_VALUES;
      // The frame: one slot per identifier, filled by own-property reads only.
      const frame = new Array<RuleValue>(count);
      for (let i = 0; i < count; i++) {
        const key = identifiers[i]!;
        frame[i] = Object.hasOwn(record, key) ? toRuleValue(record[key]) : null;
      }
      const result = root(frame, env);
      return result === 0 ? 0 : result; // -0 answers 0
    },
  });
}

function refuseUnknownField(node: Extract<Expr, { kind: 'field' }>, known: ReadonlySet<string>, options: SourceOptions | undefined): never {
  const suggestion = closest(node.name, known);
  const keys = [...known];
  const listed = keys.length <= 30 ? keys.join(', ') : `${keys.slice(0, 30).join(', ')} …`;
  const hint =
    suggestion === undefined
      ? keys.length
        ? `; the fields are ${listed}`
        : '; the entity has no fields'
      : `; did you mean '${suggestion}'?`;
  throw expressionError(options, node.position, 'a field of the entity', `unknown field '${node.name}'${hint}`);
}

function build(node: Expr, slotOf: (node: Extract<Expr, { kind: 'field' }>) => number): Evaluator {
  switch (node.kind) {
    case 'literal': {
      const { value } = node;
      return () => value;
    }
    case 'field': {
      const slot = slotOf(node);
      return (slots) => slots[slot]!;
    }
    case 'unary': {
      const operand = build(node.operand, slotOf);
      return node.operator === '-' ? (s, e) => negate(operand(s, e)) : (s, e) => !isTruthy(operand(s, e));
    }
    case 'logical': {
      const left = build(node.left, slotOf);
      const right = build(node.right, slotOf);
      return node.operator === 'and'
        ? (s, e) => {
            const a = left(s, e);
            return isTruthy(a) ? right(s, e) : a;
          }
        : (s, e) => {
            const a = left(s, e);
            return isTruthy(a) ? a : right(s, e);
          };
    }
    case 'binary': {
      const left = build(node.left, slotOf);
      const right = build(node.right, slotOf);
      const apply = BINARY[node.operator];
      return (s, e) => apply(left(s, e), right(s, e));
    }
    case 'call':
      return buildCall(node, slotOf);
    default: {
      const never: never = node;
      throw new Error(`unknown node ${String(never)}`);
    }
  }
}

function buildCall(node: Extract<Expr, { kind: 'call' }>, slotOf: (node: Extract<Expr, { kind: 'field' }>) => number): Evaluator {
  // The parser only builds calls of known functions; a hand-made tree is checked again here.
  const definition = lookupFunction(node.name);
  if (definition === undefined) throw expressionError(undefined, node.position, 'a known function', `unknown function '${node.name}'`);
  const args = node.args.map((arg) => build(arg, slotOf));
  if (definition.lazy) {
    const { apply } = definition;
    return (s, e) => apply(args, s, e);
  }
  const { apply } = definition;
  return (s, e) => {
    const values = new Array<RuleValue>(args.length);
    for (let i = 0; i < args.length; i++) values[i] = args[i]!(s, e);
    return apply(values, e);
  };
}
