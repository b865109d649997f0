import { isTruthy } from '../dsl/index.js';
import type { Severity } from '../rule.types.js';
import type { ValueInWrite } from '../../records/record.repository.js';
import type { CompiledEntityRules, CompiledRule, OrderedCompute } from './compiled.js';
import { evaluateCompute, lookupRead, readsOf, type EvalContext } from './evaluate-compute.js';
import { applyTransforms } from './transforms.js';

/** A validation of a rule that did not hold. */
export interface RuleFinding {
  ruleId: string;
  id: string;
  message: string;
  severity: Severity;
}

/** What one rule did in one save: the runs log's row (rule-runs.repository.ts). */
export interface RuleRunRecord {
  readonly rule: CompiledRule;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  findings: RuleFinding[];
  durationMs: number;
}

/** The rules that ran in one save, in the order they first ran. */
export class RuleRunTracker {
  readonly runs = new Map<string, RuleRunRecord>();

  /** Times `fn` as work of `rule`. */
  async time<T>(rule: CompiledRule, fn: (run: RuleRunRecord) => Promise<T> | T): Promise<T> {
    let run = this.runs.get(rule.id);
    if (!run) this.runs.set(rule.id, (run = { rule, inputs: {}, outputs: {}, findings: [], durationMs: 0 }));
    const start = performance.now();
    try {
      return await fn(run);
    } finally {
      run.durationMs += performance.now() - start;
    }
  }
}

/** Whether a rule runs in this save (its trigger); asked at each step, with the values as they are then. */
export type Fires = (rule: CompiledRule, values: Readonly<Record<string, unknown>>) => boolean;

/** The record as expressions read it: its values and its `id` (null before a create is written). */
export const snapshotOf = (values: Readonly<Record<string, unknown>>, id: string | null): Record<string, unknown> => ({ ...values, id });

/** Transforms of the rules that fire; `only` limits them to some fields (computed values). */
export async function transformStep(
  rules: readonly CompiledRule[],
  values: Record<string, unknown>,
  fires: Fires,
  tracker: RuleRunTracker,
  only?: ReadonlySet<string>,
): Promise<Record<string, unknown>> {
  const changed: Record<string, unknown> = {};
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

/**
 * Lookups a save may fold into its write statement (save-hooks.ts): `computes` of them, `into` where
 * their reads go (the save's `valuesInWrite`), `folded` the rule and field of each one folded (its
 * run's output is filled in from the written record).
 */
export interface LookupFold {
  readonly computes: ReadonlySet<OrderedCompute>;
  readonly into: ValueInWrite[];
  readonly folded: Array<{ rule: CompiledRule; field: string }>;
}

/**
 * The computes in dependency order; each replaces the field's value. Answers the computed values.
 * A lookup of `fold.computes` that needs a read leaves its field out of `values` and its read to
 * the write statement (a computed value of null here).
 */
export async function computeStep(
  ctx: EvalContext,
  computes: readonly OrderedCompute[],
  values: Record<string, unknown>,
  id: string | null,
  fires: Fires,
  tracker: RuleRunTracker,
  fold?: LookupFold,
): Promise<Record<string, unknown>> {
  const computed: Record<string, unknown> = {};
  for (const c of computes) {
    if (!fires(c.rule, values)) continue;
    await tracker.time(c.rule, async (run) => {
      const snapshot = snapshotOf(values, id);
      Object.assign(run.inputs, readsOf(c.reads, snapshot));
      let value: unknown;
      if (fold?.computes.has(c) && c.compute.kind === 'lookup') {
        const read = await lookupRead(ctx, c.compute, snapshot);
        if (!('value' in read)) {
          fold.into.push({ field: c.target, sql: read.sql, params: read.params });
          fold.folded.push({ rule: c.rule, field: c.target });
          delete values[c.target];
          computed[c.target] = null;
          run.outputs[c.target] = null;
          return;
        }
        value = read.value;
      } else {
        value = await evaluateCompute(ctx, c.compute, snapshot);
      }
      values[c.target] = value;
      computed[c.target] = value;
      run.outputs[c.target] = value;
    });
  }
  return computed;
}

/**
 * The lookups of an entity's computes that could be folded into a save's write statement: what
 * they compute is read by nothing that runs before the write — no later compute, no validation,
 * no transform, no `field_change` trigger — and is not the record id (text). Whether the field
 * itself can take it (a number field without bounds, not required) is asked per save
 * (save-hooks.ts), against the definition being saved.
 */
export function foldableLookups(compiled: CompiledEntityRules): Set<OrderedCompute> {
  const foldable = new Set<OrderedCompute>();
  compiled.computes.forEach((c, i) => {
    if (c.compute.kind !== 'lookup' || c.compute.resultField === 'id') return;
    const t = c.target;
    const readLater = compiled.computes.slice(i + 1).some((o) => o.reads.includes(t));
    const validated = compiled.rules.some((r) => r.validations.some((v) => v.condition.identifiers.includes(t)));
    const transformed = compiled.rules.some((r) => r.transforms.some(([field]) => field === t));
    const triggers = compiled.rules.some((r) => r.triggerType === 'field_change' && r.triggerFields.includes(t));
    if (!readLater && !validated && !transformed && !triggers) foldable.add(c);
  });
  return foldable;
}

/** Every validation of the rules that fire: the ones that did not hold, by severity. */
export async function validateStep(
  ctx: EvalContext,
  rules: readonly CompiledRule[],
  values: Readonly<Record<string, unknown>>,
  id: string | null,
  fires: Fires,
  tracker: RuleRunTracker,
): Promise<{ errors: RuleFinding[]; warnings: RuleFinding[] }> {
  const errors: RuleFinding[] = [];
  const warnings: RuleFinding[] = [];
  const snapshot = snapshotOf(values, id);
  for (const rule of rules) {
    if (rule.validations.length === 0 || !fires(rule, values)) continue;
    await tracker.time(rule, (run) => {
      for (const v of rule.validations) {
        Object.assign(run.inputs, readsOf(v.condition.identifiers, snapshot));
        if (isTruthy(v.condition.evaluate(snapshot, ctx.env))) continue;
        const finding = { ruleId: rule.id, id: v.id, message: v.message, severity: v.severity };
        run.findings.push(finding);
        (v.severity === 'error' ? errors : warnings).push(finding);
      }
    });
  }
  return { errors, warnings };
}

/** An update_related action with its target and values worked out (not yet saved). */
export interface PlannedAction {
  rule: CompiledRule;
  type: 'update_related';
  entity: string;
  recordId: string | null;
  data: Record<string, unknown>;
}

/** The actions of the rules that fire, evaluated against the saved record. */
export async function planActions(
  ctx: EvalContext,
  rules: readonly CompiledRule[],
  values: Readonly<Record<string, unknown>>,
  id: string | null,
  fires: Fires,
  tracker: RuleRunTracker,
): Promise<PlannedAction[]> {
  const planned: PlannedAction[] = [];
  const snapshot = snapshotOf(values, id);
  for (const rule of rules) {
    if (rule.actions.length === 0 || !fires(rule, values)) continue;
    await tracker.time(rule, async () => {
      for (const action of rule.actions) {
        const target = snapshot[action.recordId];
        const data: Record<string, unknown> = {};
        for (const [field, compute] of action.data) data[field] = await evaluateCompute(ctx, compute, snapshot);
        planned.push({ rule, type: action.type, entity: action.entity, recordId: typeof target === 'string' ? target : null, data });
      }
    });
  }
  return planned;
}
