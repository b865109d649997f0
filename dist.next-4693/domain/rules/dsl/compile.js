import { expressionError } from "./expression-error.js";
import { lookupFunction } from "./functions.js";
import { BINARY, negate } from "./operators.js";
import { parseExpression } from "./parser.js";
import { closest } from "./suggest.js";
import { isTruthy, toRuleValue } from "./values.js";
const SYSTEM_CLOCK = Object.freeze({});
const NO_VALUES = Object.freeze(/* @__PURE__ */ Object.create(null));
function compileExpression(source, options) {
  const ast = parseExpression(source, options);
  const known = options?.fields === void 0 ? void 0 : new Set(options.fields);
  const slots = /* @__PURE__ */ new Map();
  const root = build(ast, (node) => {
    if (known !== void 0 && !known.has(node.name)) refuseUnknownField(node, known, options);
    let slot = slots.get(node.name);
    if (slot === void 0) slots.set(node.name, slot = slots.size);
    return slot;
  });
  const identifiers = Object.freeze([...slots.keys()]);
  const count = identifiers.length;
  return Object.freeze({
    source,
    ast,
    identifiers,
    evaluate(values, env = SYSTEM_CLOCK) {
      const record = values !== null && typeof values === "object" ? values : NO_VALUES;
      const frame = new Array(count);
      for (let i = 0; i < count; i++) {
        const key = identifiers[i];
        frame[i] = Object.hasOwn(record, key) ? toRuleValue(record[key]) : null;
      }
      const result = root(frame, env);
      return result === 0 ? 0 : result;
    }
  });
}
function refuseUnknownField(node, known, options) {
  const suggestion = closest(node.name, known);
  const keys = [...known];
  const listed = keys.length <= 30 ? keys.join(", ") : `${keys.slice(0, 30).join(", ")} \u2026`;
  const hint = suggestion === void 0 ? keys.length ? `; the fields are ${listed}` : "; the entity has no fields" : `; did you mean '${suggestion}'?`;
  throw expressionError(options, node.position, "a field of the entity", `unknown field '${node.name}'${hint}`);
}
function build(node, slotOf) {
  switch (node.kind) {
    case "literal": {
      const { value } = node;
      return () => value;
    }
    case "field": {
      const slot = slotOf(node);
      return (slots) => slots[slot];
    }
    case "unary": {
      const operand = build(node.operand, slotOf);
      return node.operator === "-" ? (s, e) => negate(operand(s, e)) : (s, e) => !isTruthy(operand(s, e));
    }
    case "logical": {
      const left = build(node.left, slotOf);
      const right = build(node.right, slotOf);
      return node.operator === "and" ? (s, e) => {
        const a = left(s, e);
        return isTruthy(a) ? right(s, e) : a;
      } : (s, e) => {
        const a = left(s, e);
        return isTruthy(a) ? a : right(s, e);
      };
    }
    case "binary": {
      const left = build(node.left, slotOf);
      const right = build(node.right, slotOf);
      const apply = BINARY[node.operator];
      return (s, e) => apply(left(s, e), right(s, e));
    }
    case "call":
      return buildCall(node, slotOf);
    default: {
      const never = node;
      throw new Error(`unknown node ${String(never)}`);
    }
  }
}
function buildCall(node, slotOf) {
  const definition = lookupFunction(node.name);
  if (definition === void 0) throw expressionError(void 0, node.position, "a known function", `unknown function '${node.name}'`);
  const args = node.args.map((arg) => build(arg, slotOf));
  if (definition.lazy) {
    const { apply: apply2 } = definition;
    return (s, e) => apply2(args, s, e);
  }
  const { apply } = definition;
  return (s, e) => {
    const values = new Array(args.length);
    for (let i = 0; i < args.length; i++) values[i] = args[i](s, e);
    return apply(values, e);
  };
}
export {
  compileExpression
};
//# sourceMappingURL=compile.js.map
