import { z } from "zod";
import { fromZodError, validationError } from "../../errors.js";
import { AGGREGATE_OPS } from "../records/aggregate-query.js";
import { relatedEntityOf } from "../records/field-values.js";
import { FILTER_OPS, filterOperatorsFor, SYSTEM_KEYS } from "../records/list-query.js";
import { definitionHash } from "./definition-hash.js";
import { parseDerivedName } from "./derived-tools.js";
import { sanitizeForeignText, TEXT_LIMITS } from "./sanitize.js";
const name = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, "lowercase letters, digits and _ , starting with a letter");
const binding = z.union([
  z.strictObject({ param: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,62}$/) }),
  z.string().max(2e3),
  z.number(),
  z.boolean(),
  z.null()
]);
const filter = z.strictObject({ field: z.string().max(63), op: z.enum(FILTER_OPS).default("eq"), value: binding });
const filters = z.array(filter).max(20).default([]);
const data = z.record(name, binding).refine((d) => Object.keys(d).length <= 50, "at most 50 fields");
const actionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("query"),
    entity: name,
    filters,
    search: binding.optional(),
    orderBy: z.string().max(63).optional(),
    orderDir: z.enum(["asc", "desc"]).optional(),
    limit: z.number().int().min(1).max(100).optional()
  }),
  z.strictObject({ type: z.literal("create"), entity: name, data }),
  z.strictObject({ type: z.literal("update"), entity: name, id: binding, data }),
  z.strictObject({
    type: z.literal("aggregate"),
    entity: name,
    function: z.enum(AGGREGATE_OPS),
    field: z.string().max(63).optional(),
    groupBy: z.string().max(63).optional(),
    filters
  })
]);
const accessOf = (action) => action.type === "create" || action.type === "update" ? "write" : "read";
function parseAction(raw) {
  const parsed = actionSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error, "action");
  return parsed.data;
}
function checkToolName(toolName) {
  if (parseDerivedName(toolName)) {
    throw validationError(`tool_name: "${toolName}" is the name of a tool derived from an entity; choose another name`, [
      { field: "tool_name", message: "reserved for derived tools" }
    ]);
  }
}
function actionProblems(action, params, entity, grant) {
  const problems = [];
  if (!Object.hasOwn(grant, action.entity)) return [`entity "${action.entity}" is not permitted by the channel`];
  if (accessOf(action) === "write" && grant[action.entity] !== "readwrite")
    return [`entity "${action.entity}" is lent read-only; ${action.type} needs readwrite`];
  if (!entity) return [`entity "${action.entity}" is not published`];
  const fields = new Map(entity.definition.fields.map((f) => [f.fieldKey, f]));
  const declared = new Set(Object.keys(params.properties ?? {}));
  const checkBinding = (where, b) => {
    if (b && typeof b === "object" && !declared.has(b.param)) problems.push(`${where}: parameter "${b.param}" is not declared in params`);
  };
  const reaches = (f) => f.fieldType === "relation" && !Object.hasOwn(grant, relatedEntityOf(f) ?? "");
  const field = (where, key, allowSystem) => {
    if (key === void 0) return null;
    const f = fields.get(key);
    if (f) return f;
    if (allowSystem && Object.hasOwn(SYSTEM_KEYS, key)) return "system";
    problems.push(`${where}: unknown field "${key}" of ${entity.name}`);
    return null;
  };
  if (action.type === "query" || action.type === "aggregate") {
    action.filters.forEach((c, i) => {
      const f = field(`filters[${i}]`, c.field, true);
      const ops = f === "system" ? filterOperatorsFor(c.field) : f ? filterOperatorsFor(f) : FILTER_OPS;
      if (!ops.includes(c.op)) problems.push(`filters[${i}]: operator "${c.op}" is not available for ${c.field}`);
      checkBinding(`filters[${i}]`, c.value);
    });
  }
  if (action.type === "query") {
    field("orderBy", action.orderBy, true);
    checkBinding("search", action.search);
  }
  if (action.type === "create" || action.type === "update") {
    for (const [key, value] of Object.entries(action.data)) {
      const f = field(`data.${key}`, key, false);
      if (f && f !== "system" && reaches(f))
        problems.push(`data.${key}: relates to "${relatedEntityOf(f)}", which the channel does not permit`);
      checkBinding(`data.${key}`, value);
    }
    if (action.type === "update") checkBinding("id", action.id);
  }
  if (action.type === "aggregate") {
    const f = field("field", action.field, false);
    const numeric = f && f !== "system" && (f.fieldType === "number" || f.fieldType === "integer");
    const dated = f && f !== "system" && (f.fieldType === "date" || f.fieldType === "datetime");
    if ((action.function === "sum" || action.function === "avg") && !numeric)
      problems.push(`field: ${action.function} needs a number or integer field`);
    if ((action.function === "min" || action.function === "max") && !numeric && !dated)
      problems.push(`field: ${action.function} needs a number, integer, date or datetime field`);
    const g = field("groupBy", action.groupBy, false);
    if (g && g !== "system" && (reaches(g) || ["json", "file", "location"].includes(g.fieldType)))
      problems.push(`groupBy: ${action.groupBy} cannot be grouped by through this channel`);
  }
  return problems;
}
function customToolView(row) {
  const action = row.action;
  const description = sanitizeForeignText(row.description, TEXT_LIMITS.toolDescription);
  return {
    name: row.name,
    description,
    kind: "custom",
    entity: action.entity,
    access: accessOf(action),
    version: row.version,
    definitionHash: definitionHash({ name: row.name, description, params: row.params, action: row.action }),
    params: row.params
  };
}
function bound(b, args) {
  return b !== null && typeof b === "object" ? args[b.param] : b;
}
export {
  accessOf,
  actionProblems,
  actionSchema,
  bound,
  checkToolName,
  customToolView,
  parseAction
};
//# sourceMappingURL=custom-tools.js.map
