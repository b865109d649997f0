/**
 * Business rules as stored (docs/rules.md "Rules as data"): the normalized form every accepted
 * shape becomes. Expressions are kept as source text; they are compiled when a rule is loaded.
 */

export const TRIGGER_TYPES = ['field_change', 'before_save', 'after_save'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const COMPUTE_KINDS = ['formula', 'conditional', 'lookup', 'aggregate'] as const;
export type ComputeKind = (typeof COMPUTE_KINDS)[number];

export const AGGREGATE_OPS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateOp = (typeof AGGREGATE_OPS)[number];

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const TRANSFORM_TYPES = ['lowercase', 'uppercase', 'trim', 'round', 'default'] as const;
export type TransformType = (typeof TRANSFORM_TYPES)[number];

export const ACTION_TYPES = ['update_related'] as const;

export type ComputeSpec =
  | { type: 'formula'; expression: string }
  | { type: 'conditional'; conditions: Array<{ when: string; then: string }>; default: string | null }
  /** The record of `entity` whose `matchField` (a field key, or `id`) equals this record's `matchValue` field. */
  | { type: 'lookup'; entity: string; matchField: string; matchValue: string; resultField: string }
  /** Records of `entity` whose field k equals this record's field `filter[k]` (either may be `id`). */
  | { type: 'aggregate'; entity: string; aggregateOp: AggregateOp; field: string | null; filter: Record<string, string> };

export interface ValidateSpec {
  id: string;
  condition: string;
  message: string;
  severity: Severity;
}

export type TransformSpec =
  | { type: 'lowercase' | 'uppercase' | 'trim' }
  | { type: 'round'; decimals: number }
  | { type: 'default'; value: string | number | boolean };

export interface UpdateRelatedAction {
  type: 'update_related';
  entity: string;
  /** Field key of this record holding the target record's id (or `id`: the record itself). */
  recordId: string;
  /** Target field → value computed from this record. */
  data: Record<string, ComputeSpec>;
}
export type ActionSpec = UpdateRelatedAction;

export interface RuleDsl {
  compute: Record<string, ComputeSpec>;
  validate: ValidateSpec[];
  transform: Record<string, TransformSpec>;
  actions: ActionSpec[];
}

export type RuleStatus = 'draft' | 'published';

/** A rule as clients see it. */
export interface BusinessRule {
  id: string;
  entityName: string;
  name: string;
  triggerType: TriggerType;
  triggerFields: string[];
  ruleDsl: RuleDsl;
  status: RuleStatus;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What creating a rule stores (after normalization). */
export interface RuleDraft {
  name: string;
  triggerType: TriggerType;
  triggerFields: string[];
  ruleDsl: RuleDsl;
}
