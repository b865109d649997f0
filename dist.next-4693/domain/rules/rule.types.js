const TRIGGER_TYPES = ["field_change", "before_save", "after_save"];
const COMPUTE_KINDS = ["formula", "conditional", "lookup", "aggregate"];
const AGGREGATE_OPS = ["count", "sum", "avg", "min", "max"];
const SEVERITIES = ["error", "warning", "info"];
const TRANSFORM_TYPES = ["lowercase", "uppercase", "trim", "round", "default"];
const ACTION_TYPES = ["update_related"];
export {
  ACTION_TYPES,
  AGGREGATE_OPS,
  COMPUTE_KINDS,
  SEVERITIES,
  TRANSFORM_TYPES,
  TRIGGER_TYPES
};
//# sourceMappingURL=rule.types.js.map
