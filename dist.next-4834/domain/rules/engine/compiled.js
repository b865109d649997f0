import { compileExpression } from "../dsl/index.js";
import { orderComputes } from "../dependencies.js";
import { computeReads } from "../normalize-compute.js";
const compile = (source) => compileExpression(source);
function compileCompute(spec) {
  switch (spec.type) {
    case "formula":
      return { kind: "formula", expression: compile(spec.expression) };
    case "conditional":
      return {
        kind: "conditional",
        branches: spec.conditions.map((c) => ({ when: compile(c.when), then: compile(c.then) })),
        otherwise: spec.default === null ? null : compile(spec.default)
      };
    case "lookup":
      return {
        kind: "lookup",
        entity: spec.entity,
        matchField: spec.matchField,
        matchValue: spec.matchValue,
        resultField: spec.resultField
      };
    case "aggregate":
      return { kind: "aggregate", entity: spec.entity, op: spec.aggregateOp, field: spec.field, filter: Object.entries(spec.filter) };
    default: {
      const never = spec;
      throw new Error(`unknown compute ${JSON.stringify(never)}`);
    }
  }
}
const identifiersOf = (source) => compile(source).identifiers;
function compileRule(rule) {
  const dsl = rule.ruleDsl;
  return {
    id: rule.id,
    name: rule.name,
    triggerType: rule.triggerType,
    triggerFields: rule.triggerFields,
    computes: Object.entries(dsl.compute).map(([target, spec]) => ({
      target,
      compute: compileCompute(spec),
      reads: computeReads(spec, identifiersOf)
    })),
    validations: dsl.validate.map((v) => ({ id: v.id, condition: compile(v.condition), message: v.message, severity: v.severity })),
    transforms: Object.entries(dsl.transform),
    actions: dsl.actions.map((a) => ({
      type: a.type,
      entity: a.entity,
      recordId: a.recordId,
      data: Object.entries(a.data).map(([field, spec]) => [field, compileCompute(spec)])
    }))
  };
}
function compileEntityRules(rules) {
  const nodes = rules.flatMap(
    (rule) => rule.computes.map((c) => ({ target: c.target, reads: c.reads, owner: { rule, compute: c.compute } }))
  );
  const ordered = orderComputes(nodes, (o) => `rule "${o.rule.name}" (${o.rule.id})`);
  return {
    rules,
    computes: ordered.map((n) => ({ rule: n.owner.rule, target: n.target, compute: n.owner.compute, reads: n.reads })),
    computedFields: new Set(ordered.map((n) => n.target))
  };
}
export {
  compileCompute,
  compileEntityRules,
  compileRule
};
//# sourceMappingURL=compiled.js.map
