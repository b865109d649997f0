import { isTruthy } from "../dsl/index.js";
import { evaluateCompute, readsOf } from "./evaluate-compute.js";
import { applyTransforms } from "./transforms.js";
class RuleRunTracker {
  runs = /* @__PURE__ */ new Map();
  /** Times `fn` as work of `rule`. */
  async time(rule, fn) {
    let run = this.runs.get(rule.id);
    if (!run) this.runs.set(rule.id, run = { rule, inputs: {}, outputs: {}, findings: [], durationMs: 0 });
    const start = performance.now();
    try {
      return await fn(run);
    } finally {
      run.durationMs += performance.now() - start;
    }
  }
}
const snapshotOf = (values, id) => ({ ...values, id });
async function transformStep(rules, values, fires, tracker, only) {
  const changed = {};
  for (const rule of rules) {
    if (rule.transforms.length === 0 || !fires(rule, values)) continue;
    await tracker.time(rule, (run) => {
      const done = applyTransforms(rule.transforms, values, only);
      Object.assign(run.outputs, done);
      Object.assign(changed, done);
    });
  }
  return changed;
}
async function computeStep(ctx, computes, values, id, fires, tracker) {
  const computed = {};
  for (const c of computes) {
    if (!fires(c.rule, values)) continue;
    await tracker.time(c.rule, async (run) => {
      const snapshot = snapshotOf(values, id);
      Object.assign(run.inputs, readsOf(c.reads, snapshot));
      const value = await evaluateCompute(ctx, c.compute, snapshot);
      values[c.target] = value;
      computed[c.target] = value;
      run.outputs[c.target] = value;
    });
  }
  return computed;
}
async function validateStep(ctx, rules, values, id, fires, tracker) {
  const errors = [];
  const warnings = [];
  const snapshot = snapshotOf(values, id);
  for (const rule of rules) {
    if (rule.validations.length === 0 || !fires(rule, values)) continue;
    await tracker.time(rule, (run) => {
      for (const v of rule.validations) {
        Object.assign(run.inputs, readsOf(v.condition.identifiers, snapshot));
        if (isTruthy(v.condition.evaluate(snapshot, ctx.env))) continue;
        const finding = { ruleId: rule.id, id: v.id, message: v.message, severity: v.severity };
        run.findings.push(finding);
        (v.severity === "error" ? errors : warnings).push(finding);
      }
    });
  }
  return { errors, warnings };
}
async function planActions(ctx, rules, values, id, fires, tracker) {
  const planned = [];
  const snapshot = snapshotOf(values, id);
  for (const rule of rules) {
    if (rule.actions.length === 0 || !fires(rule, values)) continue;
    await tracker.time(rule, async () => {
      for (const action of rule.actions) {
        const target = snapshot[action.recordId];
        const data = {};
        for (const [field, compute] of action.data) data[field] = await evaluateCompute(ctx, compute, snapshot);
        planned.push({ rule, type: action.type, entity: action.entity, recordId: typeof target === "string" ? target : null, data });
      }
    });
  }
  return planned;
}
export {
  RuleRunTracker,
  computeStep,
  planActions,
  snapshotOf,
  transformStep,
  validateStep
};
//# sourceMappingURL=run-steps.js.map
