import { AppError } from "../../errors.js";
const MAX_CASCADE_DEPTH = 5;
const depths = /* @__PURE__ */ new WeakMap();
async function cascade(tx, what, fn) {
  const depth = depths.get(tx) ?? 0;
  if (depth >= MAX_CASCADE_DEPTH) {
    throw new AppError(
      "BUSINESS_RULE_ERROR",
      `Rule chain too deep: ${what} would be save number ${depth + 1} in a chain of saves caused by rules (at most ${MAX_CASCADE_DEPTH}); nothing was written. Check update_related actions that update each other.`,
      [{ message: `chain deeper than ${MAX_CASCADE_DEPTH}`, depth: depth + 1 }]
    );
  }
  depths.set(tx, depth + 1);
  try {
    return await fn();
  } finally {
    depths.set(tx, depth);
  }
}
export {
  MAX_CASCADE_DEPTH,
  cascade
};
//# sourceMappingURL=cascade.js.map
