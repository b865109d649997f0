const RESULT = /* @__PURE__ */ Symbol("operation result");
function withEffects(data, extra) {
  return { data, warnings: extra.warnings ?? [], effects: extra.effects ?? [], [RESULT]: true };
}
const isOperationResult = (value) => typeof value === "object" && value !== null && value[RESULT] === true;
const asOperationResult = (value) => isOperationResult(value) ? value : withEffects(value, {});
export {
  asOperationResult,
  isOperationResult,
  withEffects
};
//# sourceMappingURL=result.js.map
