const LEVEL = { or: 1, and: 2, not: 3, comparison: 4, additive: 5, multiplicative: 6, negation: 7, power: 8, primary: 9 };
function levelOf(expr) {
  switch (expr.kind) {
    case "literal":
      return typeof expr.value === "number" && (expr.value < 0 || Object.is(expr.value, -0)) ? LEVEL.negation : LEVEL.primary;
    case "field":
    case "call":
      return LEVEL.primary;
    case "unary":
      return expr.operator === "-" ? LEVEL.negation : LEVEL.not;
    case "logical":
      return expr.operator === "and" ? LEVEL.and : LEVEL.or;
    case "binary":
      switch (expr.operator) {
        case "+":
        case "-":
          return LEVEL.additive;
        case "*":
        case "/":
        case "%":
          return LEVEL.multiplicative;
        case "^":
          return LEVEL.power;
        default:
          return LEVEL.comparison;
      }
  }
}
function formatExpression(expr) {
  return print(expr, 0);
}
function print(expr, minLevel) {
  const level = levelOf(expr);
  const text = printBare(expr, level);
  return level < minLevel ? `(${text})` : text;
}
function printBare(expr, level) {
  switch (expr.kind) {
    case "literal":
      return typeof expr.value === "string" ? JSON.stringify(expr.value) : String(expr.value);
    case "field":
      return expr.name;
    case "call":
      return `${expr.name}(${expr.args.map((arg) => print(arg, 0)).join(", ")})`;
    case "unary":
      return expr.operator === "-" ? `-${print(expr.operand, LEVEL.negation)}` : `not ${print(expr.operand, LEVEL.not)}`;
    case "logical":
      return `${print(expr.left, level)} ${expr.operator} ${print(expr.right, level + 1)}`;
    case "binary": {
      if (expr.operator === "^") return `${print(expr.left, LEVEL.primary)} ^ ${print(expr.right, LEVEL.negation)}`;
      const left = level === LEVEL.comparison ? level + 1 : level;
      return `${print(expr.left, left)} ${expr.operator} ${print(expr.right, level + 1)}`;
    }
  }
}
export {
  formatExpression
};
//# sourceMappingURL=format.js.map
