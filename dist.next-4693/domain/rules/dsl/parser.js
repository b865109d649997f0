import { describe, expressionError } from "./expression-error.js";
import { FUNCTION_NAMES, lookupFunction } from "./functions.js";
import { tokenize } from "./lexer.js";
import { memberAccessHint } from "./hints.js";
import { closest } from "./suggest.js";
import { EXPRESSION_LIMITS } from "./types.js";
const INFIX = Object.assign(/* @__PURE__ */ Object.create(null), {
  or: { power: 10, operator: "or" },
  "||": { power: 10, operator: "or" },
  and: { power: 20, operator: "and" },
  "&&": { power: 20, operator: "and" },
  "=": { power: 40, operator: "=" },
  "==": { power: 40, operator: "=" },
  "!=": { power: 40, operator: "!=" },
  "<": { power: 40, operator: "<" },
  "<=": { power: 40, operator: "<=" },
  ">": { power: 40, operator: ">" },
  ">=": { power: 40, operator: ">=" },
  "+": { power: 50, operator: "+" },
  "-": { power: 50, operator: "-" },
  "*": { power: 60, operator: "*" },
  "/": { power: 60, operator: "/" },
  "%": { power: 60, operator: "%" },
  "^": { power: 80, operator: "^" }
});
const COMPARISON = 40;
const NOT_OPERAND = 30;
const NEGATION_OPERAND = 70;
const REFUSED_POSTFIX = /* @__PURE__ */ new Set([".", "[", "("]);
const MISTAKES = {
  "===": "use = (or ==) for equality",
  "!==": "use != for inequality",
  "<>": "use != for inequality"
};
function parseExpression(source, options) {
  if (typeof source !== "string") throw expressionError(options, 1, "a string", "an expression must be a string");
  return new Parser(source, tokenize(source, options), options).parseAll();
}
class Parser {
  constructor(source, tokens, options) {
    this.source = source;
    this.tokens = tokens;
    this.options = options;
  }
  source;
  tokens;
  options;
  index = 0;
  nodes = 0;
  heights = /* @__PURE__ */ new WeakMap();
  parseAll() {
    const expr = this.parse(0, 0);
    const next = this.peek();
    if (next.kind !== "end") this.fail(next, "an operator or the end of the expression", `unexpected ${describe(next.text)}`);
    return expr;
  }
  peek() {
    return this.tokens[this.index];
  }
  next() {
    return this.tokens[this.index++];
  }
  fail(token, expected, problem) {
    throw expressionError(this.options, typeof token === "number" ? token : token.position, expected, problem);
  }
  /** Records a node, refusing it past the node count or the depth limit. */
  node(expr, children) {
    if (++this.nodes > EXPRESSION_LIMITS.maxNodes) {
      this.fail(
        expr.position,
        `at most ${EXPRESSION_LIMITS.maxNodes} nodes`,
        `the expression has more than ${EXPRESSION_LIMITS.maxNodes} parts`
      );
    }
    let height = 1;
    for (const child of children) height = Math.max(height, 1 + (this.heights.get(child) ?? 1));
    if (height > EXPRESSION_LIMITS.maxDepth) this.tooDeep(expr.position);
    this.heights.set(expr, height);
    return expr;
  }
  tooDeep(position) {
    const limit = EXPRESSION_LIMITS.maxDepth;
    this.fail(
      position,
      `at most ${limit} levels of nesting`,
      `the expression nests more than ${limit} levels deep (each operator of a long chain such as a + b + \u2026 is a level: group parts with parentheses or use a function such as concat)`
    );
  }
  parse(minPower, depth) {
    if (depth > EXPRESSION_LIMITS.maxDepth) this.tooDeep(this.peek().position);
    const first = this.peek();
    let left = this.prefix(this.next(), depth);
    for (; ; ) {
      const token = this.peek();
      if (token.kind === "symbol" && REFUSED_POSTFIX.has(token.text))
        this.fail(token, "an operator", memberAccessHint(this.source, this.tokens, this.index, first, left));
      if (token.kind === "symbol" && Object.hasOwn(MISTAKES, token.text))
        this.fail(token, "an operator", `unknown operator '${token.text}': ${MISTAKES[token.text]}`);
      const infix = this.infixOf(token);
      if (infix === void 0 || infix.power <= minPower) return left;
      this.next();
      const right = this.parse(infix.operator === "^" ? infix.power - 1 : infix.power, depth + 1);
      const { operator } = infix;
      left = operator === "and" || operator === "or" ? this.node({ kind: "logical", operator, left, right, position: token.position }, [left, right]) : this.node({ kind: "binary", operator, left, right, position: token.position }, [left, right]);
      const after = this.peek();
      if (infix.power === COMPARISON && this.infixOf(after)?.power === COMPARISON) {
        this.fail(after, "and/or between comparisons", `comparisons do not chain: write a < b and b < c instead of a < b < c`);
      }
    }
  }
  infixOf(token) {
    if (token.kind === "symbol") return INFIX[token.text];
    if (token.kind === "name") {
      const word = token.text.toLowerCase();
      return word === "and" || word === "or" ? INFIX[word] : void 0;
    }
    return void 0;
  }
  prefix(token, depth) {
    const { position } = token;
    switch (token.kind) {
      case "number":
      case "string":
        return this.node({ kind: "literal", value: token.value, position }, []);
      case "name":
        return this.word(token, depth);
      case "end":
        return this.fail(token, "a value", "expected a value, found the end of the expression");
      case "symbol":
        break;
    }
    if (token.text === "-") {
      const operand = this.parse(NEGATION_OPERAND, depth + 1);
      return this.node({ kind: "unary", operator: "-", operand, position }, [operand]);
    }
    if (token.text === "!") {
      const operand = this.parse(NOT_OPERAND, depth + 1);
      return this.node({ kind: "unary", operator: "not", operand, position }, [operand]);
    }
    if (token.text === "(") {
      const inner = this.parse(0, depth + 1);
      const close = this.next();
      if (close.text !== ")" || close.kind !== "symbol")
        this.fail(close, "')'", `expected ')' to close the '(' at position ${position}, found ${describe(close.text)}`);
      return inner;
    }
    if (token.text === "[") this.fail(token, "a value", "lists ([\u2026]) are not supported");
    if (token.text === ".")
      this.fail(token, "a value", "unexpected '.': decimals are written with a leading digit (0.5), and there is no member access");
    if (Object.hasOwn(MISTAKES, token.text)) this.fail(token, "a value", `unknown operator '${token.text}': ${MISTAKES[token.text]}`);
    return this.fail(token, "a value", `expected a value before ${describe(token.text)}`);
  }
  /** A keyword, a function call or a field read. */
  word(token, depth) {
    const { position, text } = token;
    const word = text.toLowerCase();
    if (word === "true" || word === "false") return this.node({ kind: "literal", value: word === "true", position }, []);
    if (word === "null") return this.node({ kind: "literal", value: null, position }, []);
    if (word === "not") {
      const operand = this.parse(NOT_OPERAND, depth + 1);
      return this.node({ kind: "unary", operator: "not", operand, position }, [operand]);
    }
    if (word === "and" || word === "or") this.fail(token, "a value", `expected a value before '${text}'`);
    const open = this.peek();
    if (open.kind !== "symbol" || open.text !== "(") return this.node({ kind: "field", name: text, position }, []);
    return this.call(token, depth);
  }
  call(token, depth) {
    const definition = lookupFunction(token.text);
    if (definition === void 0) {
      const suggestion = closest(token.text, FUNCTION_NAMES);
      const hint = suggestion === void 0 ? "" : ` (did you mean ${suggestion}?)`;
      this.fail(token, "a known function", `unknown function '${token.text}'${hint}; the functions are ${FUNCTION_NAMES.join(", ")}`);
    }
    this.next();
    const args = [];
    if (this.peek().text !== ")" || this.peek().kind !== "symbol") {
      for (; ; ) {
        args.push(this.parse(0, depth + 1));
        const separator = this.next();
        if (separator.kind === "symbol" && separator.text === ")") break;
        if (separator.kind !== "symbol" || separator.text !== ",") {
          this.fail(separator, "',' or ')'", `expected ',' or ')' in the arguments of ${token.text}, found ${describe(separator.text)}`);
        }
      }
    } else {
      this.next();
    }
    if (args.length < definition.minArgs || args.length > definition.maxArgs) {
      const count = definition.minArgs === definition.maxArgs ? `${definition.minArgs}` : definition.maxArgs === Infinity ? `at least ${definition.minArgs}` : `${definition.minArgs} to ${definition.maxArgs}`;
      this.fail(
        token,
        definition.signature,
        `${definition.signature} takes ${count} argument${count === "1" ? "" : "s"}, got ${args.length}`
      );
    }
    return this.node({ kind: "call", name: token.text.toLowerCase(), args, position: token.position }, args);
  }
}
export {
  parseExpression
};
//# sourceMappingURL=parser.js.map
