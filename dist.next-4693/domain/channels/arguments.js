import { definitionHash } from "./definition-hash.js";
function redactArguments(value, depth = 0) {
  if (value === null) return "null";
  if (Array.isArray(value)) return depth > 4 ? "array" : value.slice(0, 10).map((v) => redactArguments(v, depth + 1));
  if (typeof value === "object") {
    if (depth > 4) return "object";
    return Object.fromEntries(
      Object.entries(value).slice(0, 50).map(([k, v]) => [k.slice(0, 63), redactArguments(v, depth + 1)])
    );
  }
  return typeof value;
}
const argumentsHash = (value) => definitionHash(value ?? {});
export {
  argumentsHash,
  redactArguments
};
//# sourceMappingURL=arguments.js.map
