import { roundTo } from "../dsl/index.js";
const isEmpty = (v) => v === void 0 || v === null || typeof v === "string" && v.trim() === "";
function asNumber(v) {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  return null;
}
function applyTransform(spec, value) {
  switch (spec.type) {
    case "lowercase":
      return typeof value === "string" ? value.toLowerCase() : value;
    case "uppercase":
      return typeof value === "string" ? value.toUpperCase() : value;
    case "trim":
      return typeof value === "string" ? value.trim() : value;
    case "round": {
      const n = asNumber(value);
      return n === null ? value : roundTo(n, spec.decimals) ?? value;
    }
    case "default":
      return isEmpty(value) ? spec.value : value;
    default: {
      const never = spec;
      throw new Error(`unknown transform ${JSON.stringify(never)}`);
    }
  }
}
function applyTransforms(transforms, values, only) {
  const changed = {};
  for (const [field, spec] of transforms) {
    if (only && !only.has(field)) continue;
    const before = Object.hasOwn(values, field) ? values[field] : void 0;
    if (before === void 0 && spec.type !== "default") continue;
    const after = applyTransform(spec, before);
    if (after !== before) {
      values[field] = after;
      changed[field] = after;
    }
  }
  return changed;
}
export {
  applyTransform,
  applyTransforms
};
//# sourceMappingURL=transforms.js.map
