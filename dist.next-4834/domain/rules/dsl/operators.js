import { capText, compareValues, finite, toNumber, toText, valuesEqual } from "./values.js";
function arithmetic(f) {
  return (a, b) => {
    const x = toNumber(a);
    if (x === null) return null;
    const y = toNumber(b);
    return y === null ? null : f(x, y);
  };
}
function ordering(test) {
  return (a, b) => {
    const order = compareValues(a, b);
    return order !== null && test(order);
  };
}
const add = (a, b) => {
  if (typeof a === "number" && typeof b === "number") return finite(a + b);
  if (typeof a === "string" || typeof b === "string") return capText(toText(a) + toText(b));
  return null;
};
const BINARY = {
  "+": add,
  "-": arithmetic((x, y) => finite(x - y)),
  "*": arithmetic((x, y) => finite(x * y)),
  "/": arithmetic((x, y) => y === 0 ? null : finite(x / y)),
  "%": arithmetic((x, y) => y === 0 ? null : finite(x % y)),
  "^": arithmetic((x, y) => finite(x ** y)),
  "=": valuesEqual,
  "!=": (a, b) => !valuesEqual(a, b),
  "<": ordering((order) => order < 0),
  "<=": ordering((order) => order <= 0),
  ">": ordering((order) => order > 0),
  ">=": ordering((order) => order >= 0)
};
function negate(value) {
  const n = toNumber(value);
  return n === null ? null : -n;
}
export {
  BINARY,
  add,
  negate
};
//# sourceMappingURL=operators.js.map
