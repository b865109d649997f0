function bind(spec) {
  return spec;
}
const isTenantOperation = (op) => typeof op.access === "object";
const defineGlobalOperation = (op) => op;
const defineTenantOperation = (op) => op;
export {
  bind,
  defineGlobalOperation,
  defineTenantOperation,
  isTenantOperation
};
//# sourceMappingURL=operation.js.map
