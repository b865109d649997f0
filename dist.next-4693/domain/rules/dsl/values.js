import { EXPRESSION_LIMITS } from "./types.js";
const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
function toRuleValue(value) {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : null;
    case "bigint":
      return finite(Number(value));
    case "object":
      return value instanceof Date && Number.isFinite(value.getTime()) ? value.toISOString() : null;
    default:
      return null;
  }
}
const finite = (n) => Number.isFinite(n) ? n : null;
function toNumber(value) {
  if (typeof value === "number") return value;
  if (typeof value === "string" && NUMERIC.test(value)) return finite(Number(value));
  return null;
}
function toText(value) {
  if (typeof value === "string") return value;
  return value === null ? "" : String(value);
}
const capText = (text) => text.length > EXPRESSION_LIMITS.maxStringLength ? null : text;
const isTruthy = (value) => value !== null && value !== false && value !== 0 && value !== "";
function valuesEqual(a, b) {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "string") return a === toNumber(b);
  if (typeof a === "string" && typeof b === "number") return toNumber(a) === b;
  return false;
}
function compareValues(a, b) {
  if (a === null || b === null) return null;
  if (typeof a === typeof b) {
    if (typeof a === "boolean") return Number(a) - Number(b);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === "boolean" || typeof b === "boolean") return null;
  const x = toNumber(a);
  const y = toNumber(b);
  return x === null || y === null ? null : x < y ? -1 : x > y ? 1 : 0;
}
export {
  capText,
  compareValues,
  finite,
  isTruthy,
  toNumber,
  toRuleValue,
  toText,
  valuesEqual
};
//# sourceMappingURL=values.js.map
