import { validationError } from "../../errors.js";
function orderComputes(nodes, describeOwner) {
  const byTarget = /* @__PURE__ */ new Map();
  for (const node of nodes) {
    const other = byTarget.get(node.target);
    if (other) {
      throw validationError(
        `Field "${node.target}" is computed by two rules (${describeOwner(other.owner)} and ${describeOwner(node.owner)}); a field has one computation \u2014 delete or change one of them`,
        [{ field: `compute.${node.target}`, message: `already computed by ${describeOwner(other.owner)}` }]
      );
    }
    byTarget.set(node.target, node);
  }
  const ordered = [];
  const state = /* @__PURE__ */ new Map();
  const visit = (node, path) => {
    const seen = state.get(node.target);
    if (seen === "done") return;
    if (seen === "visiting") {
      const cycle = [...path.slice(path.indexOf(node.target)), node.target].join(" \u2192 ");
      throw validationError(
        `Computed fields depend on each other in a cycle: ${cycle}; break it by computing one of them from other fields`,
        [{ field: `compute.${node.target}`, message: `cycle ${cycle}`, cycle }]
      );
    }
    state.set(node.target, "visiting");
    for (const read of node.reads) {
      const dependency = byTarget.get(read);
      if (dependency) visit(dependency, [...path, node.target]);
    }
    state.set(node.target, "done");
    ordered.push(node);
  };
  for (const node of nodes) visit(node, []);
  return ordered;
}
export {
  orderComputes
};
//# sourceMappingURL=dependencies.js.map
