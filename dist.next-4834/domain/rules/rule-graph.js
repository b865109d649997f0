import { compileExpression } from "./dsl/index.js";
import { orderComputes } from "./dependencies.js";
import { computeReads } from "./normalize-compute.js";
const identifiersOf = (source) => compileExpression(source).identifiers;
const describeRule = (rule) => rule.id ? `rule "${rule.name}" (${rule.id})` : `this rule`;
function computeNodes(rules) {
  return rules.flatMap(
    (rule) => Object.entries(rule.ruleDsl.compute).map(([target, spec]) => ({ target, reads: computeReads(spec, identifiersOf), owner: rule }))
  );
}
function checkComputeGraph(rules) {
  orderComputes(computeNodes(rules), describeRule);
}
export {
  checkComputeGraph,
  computeNodes
};
//# sourceMappingURL=rule-graph.js.map
