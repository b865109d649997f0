import { FUNCTION_NAMES, lookupFunction } from "./functions.js";
const JS_METHODS = Object.assign(/* @__PURE__ */ Object.create(null), {
  length: "len",
  trimstart: "trim",
  trimend: "trim",
  tolowercase: "lower",
  tolocalelowercase: "lower",
  touppercase: "upper",
  tolocaleuppercase: "upper",
  includes: "contains",
  tofixed: "round"
});
function functionFor(name) {
  const key = name.toLowerCase();
  if (Object.hasOwn(JS_METHODS, key)) return JS_METHODS[key];
  return lookupFunction(key) ? key : void 0;
}
function memberAccessHint(source, tokens, index, first, left) {
  const token = tokens[index];
  if (token.text === "(") {
    const what = left.kind === "literal" ? "a value" : "this";
    return `${what} cannot be called: only functions are called, as name(\u2026); the functions are ${FUNCTION_NAMES.join(", ")}`;
  }
  if (token.text === "[") return "indexing (x[\u2026]) is not supported: an expression reads fields by their key alone";
  const member = tokens[index + 1];
  if (member?.kind !== "name") return "unexpected '.': there is no member access (decimals are written 0.5)";
  const written = source.slice(first.position - 1, token.position - 1).trim();
  const target = first.text === "(" && first.kind === "symbol" ? written.slice(1, -1).trim() : written;
  const isCall = tokens[index + 2]?.text === "(" && tokens[index + 2]?.kind === "symbol";
  const replacement = functionFor(member.text);
  if (isCall) {
    const hasArgs = tokens[index + 3]?.text !== ")";
    return replacement ? `method calls are not supported: use ${replacement}(${target}${hasArgs ? ", \u2026" : ""})` : `method calls are not supported: functions are called as name(value); the functions are ${FUNCTION_NAMES.join(", ")}`;
  }
  return replacement ? `member access is not supported: use ${replacement}(${target})` : `member access (${target}.${member.text}) is not supported: an expression reads fields by their key alone`;
}
export {
  memberAccessHint
};
//# sourceMappingURL=hints.js.map
