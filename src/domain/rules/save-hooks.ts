import { AppError, toolRef } from '../../errors.js';
import type { Clock } from '../auth/clock.js';
import { updateRecord } from '../records/record.service.js';
import type { EntityDefinition } from '../entities/entity.types.js';
import { writeEndsTransaction } from '../records/save-pipeline.js';
import {
  NO_SAVE_HOOKS,
  type SaveHook,
  type SaveHookProvider,
  type SaveHooks,
  type SaveHookStep,
  type SaveState,
} from '../records/save-state.js';
import { cascade } from './cascade.js';
import type { CompiledEntityRules, CompiledRule, OrderedCompute } from './engine/compiled.js';
import type { EvalContext } from './engine/evaluate-compute.js';
import {
  computeStep,
  foldableLookups,
  planActions,
  RuleRunTracker,
  transformStep,
  validateStep,
  type Fires,
  type LookupFold,
  type RuleFinding,
} from './engine/run-steps.js';
import { recomputeDependents } from './recompute.js';
import type { RuleCache } from './rule.cache.js';
import {
  insertRuleRuns,
  pruneRuleRuns,
  retentionCutoff,
  ruleRunsAlongWrite,
  type RuleRunRetention,
  type SaveRuns,
} from './rule-runs.repository.js';

/** What one save's rules did so far (the runs log reads it after the write). */
interface SaveRun {
  tracker: RuleRunTracker;
  computed: Set<string>;
  /** Lookups folded into the write statement: their runs' outputs come from the written record. */
  folded: Array<{ rule: CompiledRule; field: string }>;
}

const runs = new WeakMap<SaveState, SaveRun>();

export function saveRunOf(state: SaveState): SaveRun {
  let run = runs.get(state);
  if (!run) runs.set(state, (run = { tracker: new RuleRunTracker(), computed: new Set(), folded: [] }));
  return run;
}

/**
 * Whether `field` of the definition being saved can take a value the write statement reads
 * (record.repository.ts ValueInWrite: a JSON number stored as it is, none left out): a number
 * field with no bounds, not required, not unique, not the record's name.
 */
function takesValueInWrite(definition: EntityDefinition, field: string): boolean {
  const f = definition.fields.find((x) => x.fieldKey === field);
  if (!f || f.fieldType !== 'number' || f.isRequired || f.isUnique) return false;
  if (f.config?.min !== undefined || f.config?.max !== undefined) return false;
  return definition.config?.displayField !== field;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Triggers (docs/rules.md "In every save"): `before_save` and `after_save` rules run in every save;
 * a `field_change` rule when one of its trigger fields is set (create) or differs from the stored
 * value (update) — asked at each step with the values as they are then, so a field an earlier
 * compute changed counts.
 */
export const firesIn =
  (state: SaveState): Fires =>
  (rule, values) => {
    if (rule.triggerType !== 'field_change') return true;
    const before = state.existing?.data;
    return rule.triggerFields.some((f) => (before ? !same(values[f], before[f]) : !isEmpty(values[f])));
  };

const evalContext = (state: SaveState, clock: Clock): EvalContext => ({
  tx: state.tx,
  entities: state.deps.entities,
  env: { now: () => clock.now() },
});

const recordId = (state: SaveState) => state.saved?.id ?? state.existing?.id ?? null;

function refusal(errors: RuleFinding[], rules: readonly CompiledRule[]): AppError {
  const first = errors[0]!;
  const rule = rules.find((r) => r.id === first.ruleId);
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new AppError(
    'BUSINESS_RULE_ERROR',
    `Business rule "${rule?.name ?? first.ruleId}" (${first.ruleId}) refused the record: ${first.message} [${first.id}]${more}; nothing was written. Try the rule with ${toolRef('test_business_rule')}.`,
    errors.map((e) => ({ ruleId: e.ruleId, id: e.id, message: e.message, severity: e.severity })),
  );
}

/** How a save's rule runs reach the log (ruleRunLogger). */
export interface RuleRunLogger {
  /** beforeWrite: the runs travel inside the write statement (nothing of the rules runs after it). */
  readonly alongWrite: SaveHook;
  /** afterSave: their own statement, after the actions (so that their work is in the runs) and before recomputations. */
  readonly afterWrite: SaveHook;
}

/** The hook steps that run before a save's write (afterSave must be empty for a fold: writeEndsTransaction). */
const BEFORE_WRITE: readonly SaveHookStep[] = ['transform', 'compute', 'transformComputed', 'validateRules', 'beforeWrite'];

/** At most this long between two drops of a tenant's expired runs by one process (and a tenth of the retention when shorter). */
const DROP_EXPIRED_EVERY_MS = 3_600_000;
/** Tenants remembered per process by the logger's counters; past this, they start over. */
const MAX_TENANTS = 10_000;

/** `map.set(key, value)`, starting the map over when it already holds MAX_TENANTS other keys. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (!map.has(key) && map.size >= MAX_TENANTS) map.clear();
  map.set(key, value);
}

/**
 * Writes the runs of a save's rules to the log, in the save's transaction (a refused save logs
 * nothing), and keeps the log within its retention bound (docs/rules.md "Rule runs"):
 * - age: runs logged before the cutoff (`keepDays`) are expired — list_rule_runs never answers
 *   them — and are deleted by the insert of the tenant's first save in this process and then by
 *   one save every hour (a tenth of the retention when that is shorter), not by every save: the
 *   delete finds nothing in almost every save, and it is a tenth of a ruled save's time on PGlite;
 * - count: enforced every `pruneEvery` logged runs of a tenant in this process — a tenth of `keep`,
 *   so the prune's walk over at most `keep` saves costs about ten index entries per run logged or
 *   fewer, whatever the size of the log — and its delete starts at the time its last committed
 *   prune stopped at (pruneRuleRuns), not at the tenant's first entry.
 */
export function ruleRunLogger(clock: Clock, retention: RuleRunRetention): RuleRunLogger {
  const sincePrune = new Map<string, number>();
  const lastDrop = new Map<string, number>();
  /** By tenant: the time of the boundary of its last committed prune in this process. */
  const pruned = new Map<string, string>();
  const pruneEvery = Math.max(1, Math.ceil(retention.keep / 10));
  const dropEvery = Math.min(DROP_EXPIRED_EVERY_MS, (retention.keepDays * 86_400_000) / 10);
  const saveOf = (state: SaveState): SaveRuns => ({
    entityName: state.entity.name,
    operation: state.mode === 'create' ? 'create' : 'update',
    actor: state.actor,
    runs: [...saveRunOf(state).tracker.runs.values()].map((run) => {
      const findings = run.findings.map(({ ruleId: _r, ...f }) => f);
      const result = findings.some((f) => f.severity === 'warning') ? 'warning' : findings.length ? 'info' : 'passed';
      return {
        ruleId: run.rule.id,
        ruleName: run.rule.name,
        triggerType: run.rule.triggerType,
        inputs: run.inputs,
        outputs: run.outputs,
        validation: { result, findings },
        durationMs: Math.round(run.durationMs * 1000) / 1000,
      };
    }),
  });
  /**
   * The cutoff to drop expired runs before in this save, or null when the tenant's last drop is
   * recent. Counted from when the drop is sent, not committed: one save per process and hour sends
   * it (a burst of saves all deleting the same rows would queue on their row locks); a drop rolled
   * back with its save leaves expired runs — never answered — for the next hour's.
   */
  const dropBefore = (state: SaveState, at: Date): Date | null => {
    const last = lastDrop.get(state.tx.tenantId);
    const now = at.getTime();
    if (last !== undefined && now >= last && now - last < dropEvery) return null;
    remember(lastDrop, state.tx.tenantId, now);
    return retentionCutoff(at, retention);
  };
  /**
   * Counts the logged runs; past `pruneEvery` for the tenant, enforces the count bound. The prune's
   * boundary is kept once its transaction has committed, as the next prune's lower bound: a prune
   * rolled back with its save deleted nothing, so the next one must start below it.
   */
  const counted = async (state: SaveState, logged: number) => {
    const tenant = state.tx.tenantId;
    const count = (sincePrune.get(tenant) ?? 0) + logged;
    if (count >= pruneEvery) {
      sincePrune.delete(tenant);
      const boundary = await pruneRuleRuns(state.tx, retention.keep, pruned.get(tenant) ?? null);
      if (boundary !== null) state.tx.afterCommit(() => remember(pruned, tenant, boundary));
    } else {
      remember(sincePrune, tenant, count);
    }
  };
  return {
    alongWrite: async (state) => {
      if (state.mode === 'delete') return;
      const save = saveOf(state);
      if (save.runs.length === 0) return;
      const at = clock.now();
      // A folded lookup's output is the value the write stored (none: null).
      const run = saveRunOf(state);
      const order = [...run.tracker.runs.keys()];
      const fromSaved = run.folded.map((f) => {
        const index = order.indexOf(f.rule.id);
        // A folded lookup ran inside its rule's tracked run; -1 would patch the last entry instead.
        if (index < 0) throw new Error(`folded lookup of ${f.field}: its rule's run is not tracked`);
        return { index, field: f.field };
      });
      (state.alongWrite ??= []).push(...ruleRunsAlongWrite(save, at, dropBefore(state, at), fromSaved));
      await counted(state, save.runs.length);
    },
    afterWrite: async (state) => {
      if (state.mode === 'delete') return;
      const save = saveOf(state);
      if (save.runs.length === 0) return;
      const at = clock.now();
      await insertRuleRuns(state.tx, save, state.saved!.id, at, dropBefore(state, at));
      await counted(state, save.runs.length);
    },
  };
}

/** The hooks of an entity's published rules, built once per compiled rule set. */
export function entitySaveHooks(
  compiled: CompiledEntityRules,
  clock: Clock,
  logRuns: RuleRunLogger | null,
  extraAfterSave: readonly SaveHook[] = [],
): SaveHooks {
  const { rules, computes, computedFields } = compiled;

  const transform: SaveHook = async (state) => {
    await transformStep(rules, state.values, firesIn(state), saveRunOf(state).tracker);
  };
  const foldable = foldableLookups(compiled);
  /** By definition saved (cached, so the same object from save to save): the lookups whose field can take a value read in the write. */
  const foldableFor = new WeakMap<EntityDefinition, ReadonlySet<OrderedCompute>>();
  /**
   * The lookups this save folds into its write (docs/rules.md "Performance"): only when the write
   * ends the transaction, so that a value the write refuses (not a number) can be answered by
   * running the save again, the long way (`tx.attempt` 2).
   */
  const foldIn = (state: SaveState, run: SaveRun): LookupFold | undefined => {
    if (foldable.size === 0 || state.tx.attempt !== 1 || !writeEndsTransaction(state)) return undefined;
    // Another provider's hook might read or set the field before the write: only the rules' own.
    if (!BEFORE_WRITE.every((step) => state.hooks[step].every((hook) => own.has(hook)))) return undefined;
    const definition = state.entity.definition;
    let computes = foldableFor.get(definition);
    if (!computes) foldableFor.set(definition, (computes = new Set([...foldable].filter((c) => takesValueInWrite(definition, c.target)))));
    return computes.size ? { computes, into: (state.valuesInWrite ??= []), folded: run.folded } : undefined;
  };
  const compute: SaveHook = async (state) => {
    const run = saveRunOf(state);
    const fold = foldIn(state, run);
    const done = await computeStep(evalContext(state, clock), computes, state.values, recordId(state), firesIn(state), run.tracker, fold);
    for (const field of Object.keys(done)) run.computed.add(field);
  };
  const transformComputed: SaveHook = async (state) => {
    const run = saveRunOf(state);
    if (run.computed.size) await transformStep(rules, state.values, firesIn(state), run.tracker, run.computed);
  };
  const validate: SaveHook = async (state) => {
    const { errors, warnings } = await validateStep(
      evalContext(state, clock),
      rules,
      state.values,
      recordId(state),
      firesIn(state),
      saveRunOf(state).tracker,
    );
    if (errors.length) throw refusal(errors, rules);
    for (const w of warnings) state.warnings.push({ ...w, severity: w.severity === 'info' ? 'info' : 'warning' });
  };
  const actions: SaveHook = async (state) => {
    const saved = state.saved!;
    const planned = await planActions(evalContext(state, clock), rules, saved.data, saved.id, firesIn(state), saveRunOf(state).tracker);
    for (const action of planned) {
      if (action.recordId === null) continue;
      const what = `rule "${action.rule.name}" (${action.rule.id}) updating ${action.entity} ${action.recordId}`;
      await cascade(state.tx, what, async () => {
        try {
          await updateRecord(state.tx, state.deps, action.entity, action.recordId!, action.data, {
            warnings: state.warnings,
            actor: state.actor,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // A missing target is the rule's failure, not the caller's: it is not their URL that is wrong.
          const code = error.code === 'NOT_FOUND' ? 'BUSINESS_RULE_ERROR' : error.code;
          throw new AppError(code, `${what}: ${error.message}; nothing was written`, error.details);
        }
      });
    }
  };

  /** This provider's hooks (a save with any other before its write folds nothing: `foldIn`). */
  const own = new Set<SaveHook>([transform, compute, transformComputed, validate, actions, ...(logRuns ? [logRuns.alongWrite] : [])]);

  const has = (p: (r: CompiledRule) => boolean) => rules.some(p);
  const transformsComputed = has((r) => r.transforms.some(([field]) => computedFields.has(field)));
  const runActions = has((r) => r.actions.length > 0) ? [actions] : [];
  // The runs go with the write when nothing of the rules follows it (no actions, no recomputation):
  // one statement less, and the write may carry the COMMIT (save-pipeline.ts).
  const logAlong = logRuns !== null && runActions.length === 0 && extraAfterSave.length === 0;
  return {
    transform: has((r) => r.transforms.length > 0) ? [transform] : [],
    compute: computes.length ? [compute] : [],
    transformComputed: transformsComputed ? [transformComputed] : [],
    validateRules: has((r) => r.validations.length > 0) ? [validate] : [],
    beforeWrite: logAlong ? [logRuns.alongWrite] : [],
    afterSave: [...runActions, ...(logRuns && !logAlong ? [logRuns.afterWrite] : []), ...extraAfterSave],
    afterDelete: [],
  };
}

/**
 * The business-rules save-hook provider (composed in services.ts): the hooks of an entity's
 * published rules, compiled once per tenant rule set (RuleCache) and built once per entity.
 * An entity without rules gets no hooks, so its saves keep their shortest path.
 */
export function businessRuleSaveHooks(cache: RuleCache, clock: Clock, retention: RuleRunRetention): SaveHookProvider {
  const logRuns = ruleRunLogger(clock, retention);
  return async (tx, entity) => {
    const tenant = await cache.forTenant(tx);
    const memoKey = `hooks:${entity.id}`;
    const memo = tenant.memo.get(memoKey) as SaveHooks | undefined;
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
