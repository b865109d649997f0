import { normalizeCompute } from "./normalize-compute.js";
import {
  ACTION_TYPES,
  SEVERITIES,
  TRANSFORM_TYPES,
  TRIGGER_TYPES
} from "./rule.types.js";
import { checkExpression, isObject, oneOf, throwIfProblems } from "./rule-problems.js";
const RULE_LIMITS = Object.freeze({ computes: 50, validations: 50, transforms: 50, actions: 10, nameLength: 200 });
const DSL_SECTIONS = ["compute", "validate", "transform", "actions"];
function fieldKeys(raw, scope, path, problems) {
  if (raw === void 0 || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push({ field: path, message: "an array of field keys is required" });
    return [];
  }
  return raw.flatMap((k, i) => {
    if (typeof k === "string" && scope.fields.has(k) && k !== "id") return [k];
    problems.push({
      field: `${path}.${i}`,
      message: `${JSON.stringify(k)} is not a field of this entity (fields: ${[...scope.fields].filter((f) => f !== "id").join(", ")})`
    });
    return [];
  });
}
function computeSection(raw, scope, path, problems) {
  const out = {};
  if (raw === void 0 || raw === null) return out;
  if (!isObject(raw)) {
    problems.push({ field: path, message: "compute is an object keyed by the field it computes" });
    return out;
  }
  const entries = Object.entries(raw);
  if (entries.length > RULE_LIMITS.computes)
    problems.push({ field: path, message: `at most ${RULE_LIMITS.computes} computed fields per rule` });
  for (const [target, spec] of entries.slice(0, RULE_LIMITS.computes)) {
    if (!scope.fields.has(target) || target === "id") {
      problems.push({
        field: `${path}.${target}`,
        message: `"${target}" is not a field of this entity; a compute is keyed by the field it fills`
      });
      continue;
    }
    const normalized = normalizeCompute(spec, scope, `${path}.${target}`, problems);
    if (normalized) out[target] = normalized;
  }
  return out;
}
function severityOf(raw, path, problems) {
  if (raw === void 0 || raw === null) return "error";
  if (typeof raw === "string" && SEVERITIES.includes(raw)) return raw;
  problems.push({ field: path, message: `unknown severity ${JSON.stringify(raw)}; use one of ${oneOf(SEVERITIES)}` });
  return "error";
}
function validateSection(raw, scope, path, problems) {
  if (raw === void 0 || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push({ field: path, message: "validate is an array of { id, condition, message, severity }" });
    return [];
  }
  if (raw.length > RULE_LIMITS.validations)
    problems.push({ field: path, message: `at most ${RULE_LIMITS.validations} validations per rule` });
  const seen = /* @__PURE__ */ new Set();
  return raw.slice(0, RULE_LIMITS.validations).flatMap((v, i) => {
    const at = `${path}.${i}`;
    if (!isObject(v)) {
      problems.push({ field: at, message: "each validation is { id, condition, message, severity }" });
      return [];
    }
    const id = typeof v.id === "string" && v.id.trim() !== "" ? v.id.trim() : `check_${i + 1}`;
    if (seen.has(id)) problems.push({ field: `${at}.id`, message: `validation id "${id}" is used twice in this rule` });
    seen.add(id);
    const condition = checkExpression(v.condition, scope.fields, `${at}.condition`, problems);
    const message = typeof v.message === "string" && v.message.trim() !== "" ? v.message : `Validation ${id} failed`;
    const severity = severityOf(v.severity, `${at}.severity`, problems);
    return condition ? [{ id, condition: condition.source, message, severity }] : [];
  });
}
function transformOf(raw, path, problems) {
  const spec = typeof raw === "string" ? { type: raw } : raw;
  if (!isObject(spec) || !TRANSFORM_TYPES.includes(spec.type)) {
    const type = isObject(spec) ? spec.type : spec;
    problems.push({ field: `${path}.type`, message: `unknown transform ${JSON.stringify(type)}; use one of ${oneOf(TRANSFORM_TYPES)}` });
    return void 0;
  }
  switch (spec.type) {
    case "round": {
      const decimals = spec.decimals ?? 0;
      if (typeof decimals !== "number" || !Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
        problems.push({ field: `${path}.decimals`, message: "decimals is an integer from 0 to 15" });
        return void 0;
      }
      return { type: "round", decimals };
    }
    case "default": {
      const value = spec.value;
      if (typeof value !== "string" && typeof value !== "boolean" && !(typeof value === "number" && Number.isFinite(value))) {
        problems.push({ field: `${path}.value`, message: "a default value (text, number or boolean) is required" });
        return void 0;
      }
      return { type: "default", value };
    }
    default:
      return { type: spec.type };
  }
}
function transformSection(raw, scope, path, problems) {
  const out = {};
  if (raw === void 0 || raw === null) return out;
  if (!isObject(raw)) {
    problems.push({ field: path, message: 'transform is an object keyed by field: { email: { type: "lowercase" } }' });
    return out;
  }
  const entries = Object.entries(raw);
  if (entries.length > RULE_LIMITS.transforms)
    problems.push({ field: path, message: `at most ${RULE_LIMITS.transforms} transforms per rule` });
  for (const [field, spec] of entries.slice(0, RULE_LIMITS.transforms)) {
    if (!scope.fields.has(field) || field === "id") {
      problems.push({ field: `${path}.${field}`, message: `"${field}" is not a field of this entity` });
      continue;
    }
    const t = transformOf(spec, `${path}.${field}`, problems);
    if (t) out[field] = t;
  }
  return out;
}
function actionsSection(raw, scope, path, problems) {
  if (raw === void 0 || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push({ field: path, message: 'actions is an array of { type: "update_related", entity, recordId, data }' });
    return [];
  }
  if (raw.length > RULE_LIMITS.actions) problems.push({ field: path, message: `at most ${RULE_LIMITS.actions} actions per rule` });
  return raw.slice(0, RULE_LIMITS.actions).flatMap((a, i) => {
    const at = `${path}.${i}`;
    if (!isObject(a) || !ACTION_TYPES.includes(a.type)) {
      problems.push({
        field: `${at}.type`,
        message: `unknown action ${JSON.stringify(isObject(a) ? a.type : a)}; use one of ${oneOf(ACTION_TYPES)}`
      });
      return [];
    }
    const before = problems.length;
    const target = typeof a.entity === "string" ? scope.catalog.get(a.entity) : void 0;
    if (!target) {
      problems.push({
        field: `${at}.entity`,
        message: `unknown entity ${JSON.stringify(a.entity)}; actions may update only entities of this tenant`
      });
    }
    if (typeof a.recordId !== "string" || !scope.fields.has(a.recordId)) {
      problems.push({
        field: `${at}.recordId`,
        message: 'the field of this record that holds the target record id is required (a relation field, or "id")'
      });
    }
    const data = {};
    if (!isObject(a.data) || Object.keys(a.data).length === 0) {
      problems.push({ field: `${at}.data`, message: "an object of target field \u2192 value (a compute) is required" });
    } else if (target) {
      for (const [field, spec] of Object.entries(a.data)) {
        if (!target.has(field)) {
          problems.push({
            field: `${at}.data.${field}`,
            message: `"${field}" is not a field of ${String(a.entity)} (fields: ${[...target].join(", ")})`
          });
          continue;
        }
        const c = normalizeCompute(spec, scope, `${at}.data.${field}`, problems);
        if (c) data[field] = c;
      }
    }
    if (problems.length > before) return [];
    return [{ type: "update_related", entity: a.entity, recordId: a.recordId, data }];
  });
}
function fromSecondShape(input, problems) {
  const rule = input.rule;
  if (!isObject(rule)) {
    problems.push({ field: "rule", message: "rule is an object: { type, triggers, compute | validate | transform | actions }" });
    return { triggerType: void 0, triggerFields: void 0, ruleDsl: void 0, name: void 0 };
  }
  const dsl = Object.fromEntries(DSL_SECTIONS.filter((s) => rule[s] !== void 0).map((s) => [s, rule[s]]));
  const triggers = rule.triggers ?? rule.triggerFields;
  const inferred = rule.actions !== void 0 ? "after_save" : Array.isArray(triggers) && triggers.length > 0 ? "field_change" : "before_save";
  return { triggerType: rule.triggerType ?? input.triggerType ?? inferred, triggerFields: triggers, ruleDsl: dsl, name: rule.name };
}
function defaultName(dsl) {
  const parts = [
    Object.keys(dsl.compute).length ? `compute ${Object.keys(dsl.compute).join(", ")}` : "",
    dsl.validate.length ? `validate ${dsl.validate.map((v) => v.id).join(", ")}` : "",
    Object.keys(dsl.transform).length ? `transform ${Object.keys(dsl.transform).join(", ")}` : "",
    dsl.actions.length ? `update ${dsl.actions.map((a) => a.entity).join(", ")}` : ""
  ];
  return parts.filter(Boolean).join("; ").slice(0, RULE_LIMITS.nameLength);
}
function normalizeRule(input, scope) {
  const problems = [];
  const given = input.rule !== void 0 ? fromSecondShape(input, problems) : { ...input, name: input.name };
  const prefix = input.rule !== void 0 ? "rule" : "ruleDsl";
  const triggerType = given.triggerType ?? "before_save";
  if (typeof triggerType !== "string" || !TRIGGER_TYPES.includes(triggerType)) {
    problems.push({ field: "triggerType", message: `unknown trigger ${JSON.stringify(triggerType)}; use one of ${oneOf(TRIGGER_TYPES)}` });
  }
  const raw = given.ruleDsl;
  if (!isObject(raw)) {
    if (input.rule === void 0)
      problems.push({ field: "ruleDsl", message: "ruleDsl is an object with compute, validate, transform and/or actions" });
    throwIfProblems(problems);
  }
  const dslIn = raw;
  if (input.rule === void 0) {
    for (const key of Object.keys(dslIn)) {
      if (!DSL_SECTIONS.includes(key))
        problems.push({ field: `ruleDsl.${key}`, message: `unknown section; use ${oneOf(DSL_SECTIONS)}` });
    }
  }
  const ruleDsl = {
    compute: computeSection(dslIn.compute, scope, `${prefix}.compute`, problems),
    validate: validateSection(dslIn.validate, scope, `${prefix}.validate`, problems),
    transform: transformSection(dslIn.transform, scope, `${prefix}.transform`, problems),
    actions: actionsSection(dslIn.actions, scope, `${prefix}.actions`, problems)
  };
  const empty = Object.keys(ruleDsl.compute).length + ruleDsl.validate.length + Object.keys(ruleDsl.transform).length + ruleDsl.actions.length === 0;
  if (empty && !problems.some((p) => p.field?.startsWith(prefix))) {
    problems.push({ field: prefix, message: "a rule needs at least one of compute, validate, transform or actions" });
  }
  const hasActions = Array.isArray(dslIn.actions) ? dslIn.actions.length > 0 : dslIn.actions !== void 0 && dslIn.actions !== null;
  if (hasActions && triggerType !== "after_save") {
    problems.push({
      field: `${prefix}.actions`,
      message: 'actions run only after the record is written: set triggerType to "after_save" (or move them to a rule of their own)'
    });
  }
  const triggerFields = triggerType === "field_change" ? fieldKeys(given.triggerFields, scope, input.rule !== void 0 ? "rule.triggers" : "triggerFields", problems) : [];
  if (triggerType === "field_change" && triggerFields.length === 0 && !problems.some((p) => p.field?.startsWith("trigger"))) {
    problems.push({ field: "triggerFields", message: "field_change rules need triggerFields: the fields whose change runs the rule" });
  }
  const name = typeof given.name === "string" && given.name.trim() !== "" ? given.name.trim() : defaultName(ruleDsl);
  if (name.length > RULE_LIMITS.nameLength) problems.push({ field: "name", message: `at most ${RULE_LIMITS.nameLength} characters` });
  throwIfProblems(problems);
  return { name, triggerType, triggerFields, ruleDsl };
}
export {
  RULE_LIMITS,
  normalizeRule
};
//# sourceMappingURL=normalize-rule.js.map
