import { compileEntityRules, compileRule } from "./compiled.js";
import { computeStep, planActions, RuleRunTracker, transformStep, validateStep } from "./run-steps.js";
const always = () => true;
const withoutRule = ({ ruleId: _r, ...rest }) => rest;
async function runRuleSandbox(ctx, rule, sampleData) {
  const compiled = compileRule({ ...rule, id: rule.id ?? "draft" });
  const { computes, computedFields } = compileEntityRules([compiled]);
  const { id: rawId, ...rest } = sampleData;
  const id = typeof rawId === "string" ? rawId : null;
  const values = { ...rest };
  const tracker = new RuleRunTracker();
  const transformed = await transformStep([compiled], values, always, tracker);
  const computedValues = await computeStep(ctx, computes, values, id, always, tracker);
  Object.assign(transformed, await transformStep([compiled], values, always, tracker, computedFields));
  const { errors, warnings } = await validateStep(ctx, [compiled], values, id, always, tracker);
  const actions = await planActions(ctx, [compiled], values, id, always, tracker);
  for (const field of Object.keys(computedValues)) computedValues[field] = values[field];
  return {
    computedValues,
    transformedValues: transformed,
    errors: errors.map(withoutRule),
    warnings: warnings.map(withoutRule),
    actions: actions.map(({ type, entity, recordId, data }) => ({ type, entity, recordId, data })),
    record: values
  };
}
export {
  runRuleSandbox
};
//# sourceMappingURL=sandbox.js.map
