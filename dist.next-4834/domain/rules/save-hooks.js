import { AppError, toolRef } from "../../errors.js";
import { updateRecord } from "../records/record.service.js";
import { NO_SAVE_HOOKS } from "../records/save-state.js";
import { cascade } from "./cascade.js";
import { computeStep, planActions, RuleRunTracker, transformStep, validateStep } from "./engine/run-steps.js";
import { recomputeDependents } from "./recompute.js";
import { insertRuleRuns, pruneRuleRuns } from "./rule-runs.repository.js";
const runs = /* @__PURE__ */ new WeakMap();
function saveRunOf(state) {
  let run = runs.get(state);
  if (!run) runs.set(state, run = { tracker: new RuleRunTracker(), computed: /* @__PURE__ */ new Set() });
  return run;
}
const isEmpty = (v) => v === void 0 || v === null || v === "";
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const firesIn = (state) => (rule, values) => {
  if (rule.triggerType !== "field_change") return true;
  const before = state.existing?.data;
  return rule.triggerFields.some((f) => before ? !same(values[f], before[f]) : !isEmpty(values[f]));
};
const evalContext = (state, clock) => ({
  tx: state.tx,
  entities: state.deps.entities,
  env: { now: () => clock.now() }
});
const recordId = (state) => state.saved?.id ?? state.existing?.id ?? null;
function refusal(errors, rules) {
  const first = errors[0];
  const rule = rules.find((r) => r.id === first.ruleId);
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return new AppError(
    "BUSINESS_RULE_ERROR",
    `Business rule "${rule?.name ?? first.ruleId}" (${first.ruleId}) refused the record: ${first.message} [${first.id}]${more}; nothing was written. Try the rule with ${toolRef("test_business_rule")}.`,
    errors.map((e) => ({ ruleId: e.ruleId, id: e.id, message: e.message, severity: e.severity }))
  );
}
function ruleRunLogger(clock, retention) {
  const sincePrune = /* @__PURE__ */ new Map();
  const pruneEvery = Math.max(1, Math.min(100, retention.keep));
  return async (state) => {
    const runs2 = [...saveRunOf(state).tracker.runs.values()];
    if (runs2.length === 0 || state.mode === "delete") return;
    const saved = state.saved;
    await insertRuleRuns(
      state.tx,
      runs2.map((run) => {
        const findings = run.findings.map(({ ruleId: _r, ...f }) => f);
        const result = findings.some((f) => f.severity === "warning") ? "warning" : findings.length ? "info" : "passed";
        return {
          ruleId: run.rule.id,
          ruleName: run.rule.name,
          entityName: state.entity.name,
          recordId: saved.id,
          operation: state.mode === "create" ? "create" : "update",
          triggerType: run.rule.triggerType,
          actor: state.actor,
          inputs: run.inputs,
          outputs: run.outputs,
          validation: { result, findings },
          durationMs: Math.round(run.durationMs * 1e3) / 1e3
        };
      }),
      clock.now(),
      retention
    );
    const count = (sincePrune.get(state.tx.tenantId) ?? 0) + runs2.length;
    if (count >= pruneEvery) {
      sincePrune.delete(state.tx.tenantId);
      await pruneRuleRuns(state.tx, retention.keep);
    } else {
      if (!sincePrune.has(state.tx.tenantId) && sincePrune.size >= 1e4) sincePrune.clear();
      sincePrune.set(state.tx.tenantId, count);
    }
  };
}
function entitySaveHooks(compiled, clock, logRuns, extraAfterSave = []) {
  const { rules, computes, computedFields } = compiled;
  const transform = async (state) => {
    await transformStep(rules, state.values, firesIn(state), saveRunOf(state).tracker);
  };
  const compute = async (state) => {
    const run = saveRunOf(state);
    const done = await computeStep(evalContext(state, clock), computes, state.values, recordId(state), firesIn(state), run.tracker);
    for (const field of Object.keys(done)) run.computed.add(field);
  };
  const transformComputed = async (state) => {
    const run = saveRunOf(state);
    if (run.computed.size) await transformStep(rules, state.values, firesIn(state), run.tracker, run.computed);
  };
  const validate = async (state) => {
    const { errors, warnings } = await validateStep(
      evalContext(state, clock),
      rules,
      state.values,
      recordId(state),
      firesIn(state),
      saveRunOf(state).tracker
    );
    if (errors.length) throw refusal(errors, rules);
    for (const w of warnings) state.warnings.push({ ...w, severity: w.severity === "info" ? "info" : "warning" });
  };
  const actions = async (state) => {
    const saved = state.saved;
    const planned = await planActions(evalContext(state, clock), rules, saved.data, saved.id, firesIn(state), saveRunOf(state).tracker);
    for (const action of planned) {
      if (action.recordId === null) continue;
      const what = `rule "${action.rule.name}" (${action.rule.id}) updating ${action.entity} ${action.recordId}`;
      await cascade(state.tx, what, async () => {
        try {
          await updateRecord(state.tx, state.deps, action.entity, action.recordId, action.data, {
            warnings: state.warnings,
            actor: state.actor
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const code = error.code === "NOT_FOUND" ? "BUSINESS_RULE_ERROR" : error.code;
          throw new AppError(code, `${what}: ${error.message}; nothing was written`, error.details);
        }
      });
    }
  };
  const has = (p) => rules.some(p);
  const transformsComputed = has((r) => r.transforms.some(([field]) => computedFields.has(field)));
  return {
    transform: has((r) => r.transforms.length > 0) ? [transform] : [],
    compute: computes.length ? [compute] : [],
    transformComputed: transformsComputed ? [transformComputed] : [],
    validateRules: has((r) => r.validations.length > 0) ? [validate] : [],
    afterSave: [...has((r) => r.actions.length > 0) ? [actions] : [], ...logRuns ? [logRuns] : [], ...extraAfterSave],
    afterDelete: []
  };
}
function businessRuleSaveHooks(cache, clock, retention) {
  const logRuns = ruleRunLogger(clock, retention);
  return async (tx, entity) => {
    const tenant = await cache.forTenant(tx);
    const memoKey = `hooks:${entity.id}`;
    const memo = tenant.memo.get(memoKey);
    if (memo) return memo;
    const compiled = tenant.byEntity.get(entity.id);
    const dependents = tenant.dependents.get(entity.name);
    const recompute = dependents ? [recomputeDependents(dependents, tenant.entityNames)] : [];
    let hooks = compiled ? entitySaveHooks(compiled, clock, logRuns, recompute) : NO_SAVE_HOOKS;
    if (!compiled && recompute.length) hooks = { ...NO_SAVE_HOOKS, afterSave: recompute };
    if (recompute.length) hooks = { ...hooks, afterDelete: recompute };
    tenant.memo.set(memoKey, hooks);
    return hooks;
  };
}
export {
  businessRuleSaveHooks,
  entitySaveHooks,
  firesIn,
  ruleRunLogger,
  saveRunOf
};
//# sourceMappingURL=save-hooks.js.map
