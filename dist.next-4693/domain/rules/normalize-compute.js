import { AGGREGATE_OPS, COMPUTE_KINDS } from "./rule.types.js";
import { checkExpression, isObject, oneOf } from "./rule-problems.js";
const withId = (fields) => /* @__PURE__ */ new Set([...fields, "id"]);
function entityFields(raw, scope, path, problems) {
  if (typeof raw !== "string" || raw === "") {
    problems.push({ field: path, message: "the name of an entity of this tenant is required" });
    return void 0;
  }
  const fields = scope.catalog.get(raw);
  if (!fields) {
    const known = [...scope.catalog.keys()];
    problems.push({
      field: path,
      message: `unknown entity "${raw}"; rules may name only entities of this tenant (${known.length ? known.join(", ") : "none yet"})`
    });
    return void 0;
  }
  return { name: raw, fields: withId(fields) };
}
function fieldOf(raw, fields, entity, path, problems) {
  if (typeof raw === "string" && fields.has(raw)) return raw;
  const listed = [...fields].join(", ");
  problems.push({
    field: path,
    message: typeof raw === "string" && raw !== "" ? `"${raw}" is not a field of ${entity} (fields: ${listed})` : `a field key of ${entity} is required (fields: ${listed})`
  });
  return void 0;
}
function conditional(raw, scope, path, problems) {
  const before = problems.length;
  if (!Array.isArray(raw.conditions) || raw.conditions.length === 0) {
    problems.push({ field: `${path}.conditions`, message: "a non-empty array of { when, then } is required" });
    return void 0;
  }
  const conditions = raw.conditions.map((c, i) => {
    const at = `${path}.conditions.${i}`;
    if (!isObject(c)) {
      problems.push({ field: at, message: "each condition is { when: expression, then: expression }" });
      return { when: "", then: "" };
    }
    return {
      when: checkExpression(c.when, scope.fields, `${at}.when`, problems)?.source ?? "",
      then: checkExpression(c.then, scope.fields, `${at}.then`, problems)?.source ?? ""
    };
  });
  const fallback = raw.default === void 0 || raw.default === null ? null : checkExpression(raw.default, scope.fields, `${path}.default`, problems)?.source ?? null;
  return problems.length > before ? void 0 : { type: "conditional", conditions, default: fallback };
}
function lookup(raw, scope, path, problems) {
  const before = problems.length;
  const target = entityFields(raw.entity, scope, `${path}.entity`, problems);
  const matchValue = fieldOf(raw.matchValue, scope.fields, "this entity", `${path}.matchValue`, problems);
  if (!target) return void 0;
  const matchField = fieldOf(raw.matchField ?? "id", target.fields, target.name, `${path}.matchField`, problems);
  const resultField = fieldOf(raw.resultField, target.fields, target.name, `${path}.resultField`, problems);
  if (problems.length > before) return void 0;
  return { type: "lookup", entity: target.name, matchField, matchValue, resultField };
}
function aggregate(raw, scope, path, problems) {
  const before = problems.length;
  const target = entityFields(raw.entity, scope, `${path}.entity`, problems);
  const op = raw.aggregateOp ?? raw.op ?? "count";
  if (typeof op !== "string" || !AGGREGATE_OPS.includes(op)) {
    problems.push({
      field: `${path}.aggregateOp`,
      message: `unknown aggregate operation ${JSON.stringify(op)}; use one of ${oneOf(AGGREGATE_OPS)}`
    });
  }
  if (!target) return void 0;
  const rawField = raw.field ?? raw.aggregateField;
  let field = null;
  if (op !== "count" || rawField !== void 0) {
    field = fieldOf(rawField, target.fields, target.name, `${path}.field`, problems) ?? null;
  }
  const filter = {};
  if (!isObject(raw.filter) || Object.keys(raw.filter).length === 0) {
    problems.push({
      field: `${path}.filter`,
      message: `an object linking the records is required: { <field of ${target.name}>: <field of this entity> }, e.g. { "invoice": "id" }`
    });
  } else {
    for (const [theirs, ours] of Object.entries(raw.filter)) {
      const k = fieldOf(theirs, target.fields, target.name, `${path}.filter`, problems);
      const v = fieldOf(ours, scope.fields, "this entity", `${path}.filter.${theirs}`, problems);
      if (k && v) filter[k] = v;
    }
  }
  if (problems.length > before) return void 0;
  return { type: "aggregate", entity: target.name, aggregateOp: op, field, filter };
}
function normalizeCompute(raw, scope, path, problems) {
  if (typeof raw === "string" || typeof raw === "number") {
    const compiled = checkExpression(raw, scope.fields, path, problems);
    return compiled ? { type: "formula", expression: compiled.source } : void 0;
  }
  if (!isObject(raw)) {
    problems.push({ field: path, message: "a compute is an expression (text) or { type, \u2026 }" });
    return void 0;
  }
  switch (raw.type) {
    case "formula": {
      const compiled = checkExpression(raw.expression, scope.fields, `${path}.expression`, problems);
      return compiled ? { type: "formula", expression: compiled.source } : void 0;
    }
    case "conditional":
      return conditional(raw, scope, path, problems);
    case "lookup":
      return lookup(raw, scope, path, problems);
    case "aggregate":
      return aggregate(raw, scope, path, problems);
    default:
      problems.push({
        field: `${path}.type`,
        message: `unknown compute kind ${JSON.stringify(raw.type)}; use one of ${oneOf(COMPUTE_KINDS)}`
      });
      return void 0;
  }
}
function computeReads(spec, identifiersOf) {
  switch (spec.type) {
    case "formula":
      return [...identifiersOf(spec.expression)];
    case "conditional":
      return [
        ...spec.conditions.flatMap((c) => [...identifiersOf(c.when), ...identifiersOf(c.then)]),
        ...spec.default === null ? [] : identifiersOf(spec.default)
      ];
    case "lookup":
      return [spec.matchValue];
    case "aggregate":
      return Object.values(spec.filter);
    default: {
      const never = spec;
      throw new Error(`unknown compute ${JSON.stringify(never)}`);
    }
  }
}
export {
  computeReads,
  normalizeCompute
};
//# sourceMappingURL=normalize-compute.js.map
