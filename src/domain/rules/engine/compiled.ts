import { compileExpression, type CompiledExpression } from '../dsl/index.js';
import { orderComputes } from '../dependencies.js';
import { computeReads } from '../normalize-compute.js';
import type { AggregateOp, BusinessRule, ComputeSpec, Severity, TransformSpec, TriggerType } from '../rule.types.js';

/** A compute ready to run: expressions compiled once. */
export type CompiledCompute =
  | { kind: 'formula'; expression: CompiledExpression }
  | { kind: 'conditional'; branches: Array<{ when: CompiledExpression; then: CompiledExpression }>; otherwise: CompiledExpression | null }
  | { kind: 'lookup'; entity: string; matchField: string; matchValue: string; resultField: string }
  | {
      kind: 'aggregate';
      entity: string;
      op: AggregateOp;
      field: string | null;
      filter: ReadonlyArray<readonly [theirs: string, ours: string]>;
    };

export interface CompiledValidation {
  id: string;
  condition: CompiledExpression;
  message: string;
  severity: Severity;
}

export interface CompiledAction {
  type: 'update_related';
  entity: string;
  recordId: string;
  data: ReadonlyArray<readonly [field: string, compute: CompiledCompute]>;
}

/** One published rule, compiled. */
export interface CompiledRule {
  id: string;
  name: string;
  triggerType: TriggerType;
  triggerFields: readonly string[];
  computes: ReadonlyArray<{ target: string; compute: CompiledCompute; reads: readonly string[] }>;
  validations: readonly CompiledValidation[];
  transforms: ReadonlyArray<readonly [field: string, spec: TransformSpec]>;
  actions: readonly CompiledAction[];
}

/** A compute of the entity, in dependency order, with the rule it belongs to. */
export interface OrderedCompute {
  rule: CompiledRule;
  target: string;
  compute: CompiledCompute;
  reads: readonly string[];
}

/** The published rules of one entity, compiled, with their computes in dependency order. */
export interface CompiledEntityRules {
  rules: readonly CompiledRule[];
  computes: readonly OrderedCompute[];
  /** Fields some rule computes (their transforms run again after computing). */
  computedFields: ReadonlySet<string>;
}

const compile = (source: string) => compileExpression(source);

export function compileCompute(spec: ComputeSpec): CompiledCompute {
  switch (spec.type) {
    case 'formula':
      return { kind: 'formula', expression: compile(spec.expression) };
    case 'conditional':
      return {
        kind: 'conditional',
        branches: spec.conditions.map((c) => ({ when: compile(c.when), then: compile(c.then) })),
        otherwise: spec.default === null ? null : compile(spec.default),
      };
    case 'lookup':
      return {
        kind: 'lookup',
        entity: spec.entity,
        matchField: spec.matchField,
        matchValue: spec.matchValue,
        resultField: spec.resultField,
      };
    case 'aggregate':
      return { kind: 'aggregate', entity: spec.entity, op: spec.aggregateOp, field: spec.field, filter: Object.entries(spec.filter) };
    default: {
      const never: never = spec;
      throw new Error(`unknown compute ${JSON.stringify(never)}`);
    }
  }
}

const identifiersOf = (source: string) => compile(source).identifiers;

export function compileRule(rule: Pick<BusinessRule, 'id' | 'name' | 'triggerType' | 'triggerFields' | 'ruleDsl'>): CompiledRule {
  const dsl = rule.ruleDsl;
  return {
    id: rule.id,
    name: rule.name,
    triggerType: rule.triggerType,
    triggerFields: rule.triggerFields,
    computes: Object.entries(dsl.compute).map(([target, spec]) => ({
      target,
      compute: compileCompute(spec),
      reads: computeReads(spec, identifiersOf),
    })),
    validations: dsl.validate.map((v) => ({ id: v.id, condition: compile(v.condition), message: v.message, severity: v.severity })),
    transforms: Object.entries(dsl.transform),
    actions: dsl.actions.map((a) => ({
      type: a.type,
      entity: a.entity,
      recordId: a.recordId,
      data: Object.entries(a.data).map(([field, spec]) => [field, compileCompute(spec)] as const),
    })),
  };
}

/**
 * The published rules of an entity as they run. Rules were checked when created and published; if
 * the set still cannot be ordered (two published concurrently), this throws, and saves of the
 * entity say so until one rule is deleted.
 */
export function compileEntityRules(rules: readonly CompiledRule[]): CompiledEntityRules {
  const nodes = rules.flatMap((rule) =>
    rule.computes.map((c) => ({ target: c.target, reads: c.reads, owner: { rule, compute: c.compute } })),
  );
  const ordered = orderComputes(nodes, (o) => `rule "${o.rule.name}" (${o.rule.id})`);
  return {
    rules,
    computes: ordered.map((n) => ({ rule: n.owner.rule, target: n.target, compute: n.owner.compute, reads: n.reads })),
    computedFields: new Set(ordered.map((n) => n.target)),
  };
}
