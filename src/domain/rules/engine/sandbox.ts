import type { RuleDraft } from '../rule.types.js';
import { compileEntityRules, compileRule } from './compiled.js';
import type { EvalContext } from './evaluate-compute.js';
import { computeStep, planActions, RuleRunTracker, transformStep, validateStep, type RuleFinding } from './run-steps.js';

/** test_business_rule's answer (docs/rules.md "Testing a rule"). */
export interface RuleTestResult {
  computedValues: Record<string, unknown>;
  transformedValues: Record<string, unknown>;
  errors: Array<Omit<RuleFinding, 'ruleId'>>;
  warnings: Array<Omit<RuleFinding, 'ruleId'>>;
  actions: Array<{ type: 'update_related'; entity: string; recordId: string | null; data: Record<string, unknown> }>;
  /** The record as the save would write it (before schema validation). */
  record: Record<string, unknown>;
}

const always = () => true;
const withoutRule = ({ ruleId: _r, ...rest }: RuleFinding) => rest;

/**
 * Runs one rule on sample data, in the save order (transform → compute → transform computed →
 * validate → actions planned), whatever its trigger and status. Lookups and aggregates read the
 * tenant's records; nothing is written and no action is carried out.
 */
export async function runRuleSandbox(
  ctx: EvalContext,
  rule: RuleDraft & { id: string | null },
  sampleData: Readonly<Record<string, unknown>>,
): Promise<RuleTestResult> {
  const compiled = compileRule({ ...rule, id: rule.id ?? 'draft' });
  const { computes, computedFields } = compileEntityRules([compiled]);
  const { id: rawId, ...rest } = sampleData;
  const id = typeof rawId === 'string' ? rawId : null;
  const values: Record<string, unknown> = { ...rest };
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
    record: values,
  };
}
