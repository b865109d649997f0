import { validationError } from "../../errors.js";
import { IDENTIFIER_PATTERN } from "../entities/field-types.js";
import { buildConditionSql, fieldExpression, fieldKind } from "./list-query.js";
const AGGREGATE_OPS = ["count", "sum", "avg", "min", "max"];
const TIMESTAMPS = { createdAt: "r.created_at", updatedAt: "r.updated_at" };
const keyLiteral = (key) => {
  if (!IDENTIFIER_PATTERN.test(key)) throw new Error(`unsafe field key ${key}`);
  return `'${key}'`;
};
const fieldsOfKind = (definition, kinds) => definition.fields.filter((f) => kinds.includes(fieldKind(f))).map((f) => f.fieldKey);
const listOrNone = (keys) => keys.length ? keys.join(", ") : "none";
function refuse(name, message) {
  throw validationError(`${name}: ${message}`, [{ field: name, message }]);
}
function valueExpression(definition, op, fieldKey) {
  if (fieldKey === void 0) {
    if (op === "count") return "count(*)::int";
    const numbers = fieldsOfKind(definition, ["number"]);
    refuse("field", `${op} needs a field (number fields: ${listOrNone(numbers)})`);
  }
  const field = definition.fields.find((f) => f.fieldKey === fieldKey);
  if (!field) {
    if (Object.hasOwn(TIMESTAMPS, fieldKey) && (op === "min" || op === "max" || op === "count")) {
      return op === "count" ? "count(*)::int" : `${op}(${TIMESTAMPS[fieldKey]})`;
    }
    const known = definition.fields.map((f) => f.fieldKey);
    refuse("field", `unknown field "${fieldKey}" (fields: ${listOrNone(known)})`);
  }
  return valueOfField(definition, op, field);
}
function valueOfField(definition, op, field) {
  const kind = fieldKind(field);
  if (op === "count") return `count(nullif(r.data ->> ${keyLiteral(field.fieldKey)}, ''))::int`;
  if (kind === "number") return `${op}(${fieldExpression(field)})::float8`;
  if ((op === "min" || op === "max") && kind === "date") return `${op}(${fieldExpression(field)})`;
  const numbers = fieldsOfKind(definition, ["number"]);
  const fits = op === "min" || op === "max" ? `number and date fields: ${listOrNone([...numbers, ...fieldsOfKind(definition, ["date"])])}, createdAt, updatedAt` : `number fields: ${listOrNone(numbers)}`;
  refuse(
    "field",
    `${op} needs a number${op === "min" || op === "max" ? " or date" : ""} field; "${field.fieldKey}" is ${field.fieldType} (${fits})`
  );
}
function groupExpression(definition, groupBy) {
  const field = definition.fields.find((f) => f.fieldKey === groupBy);
  const groupable = definition.fields.filter((f) => fieldKind(f) !== "opaque").map((f) => f.fieldKey);
  if (!field) refuse("groupBy", `unknown field "${groupBy}" (groupable: ${listOrNone(groupable)})`);
  if (fieldKind(field) === "opaque") {
    refuse("groupBy", `"${groupBy}" is a ${field.fieldType} field, which cannot be grouped (groupable: ${listOrNone(groupable)})`);
  }
  const k = keyLiteral(field.fieldKey);
  return `nullif(nullif(r.data -> ${k}, 'null'::jsonb), '""'::jsonb)`;
}
function buildAggregateSql(definition, query) {
  const value = valueExpression(definition, query.op, query.field);
  const grouped = query.groupBy !== void 0;
  const key = grouped ? groupExpression(definition, query.groupBy) : "";
  const conditions = buildConditionSql(definition, query, grouped ? 4 : 3);
  const from = `from records r where r.tenant_id = $1 and r.entity_id = $2${conditions.where}`;
  if (!grouped) {
    return { text: `select count(*)::int as count, ${value} as value ${from}`, params: conditions.params, grouped };
  }
  const dir = query.order === "desc" ? "desc" : "asc";
  const orderBy = query.sort === "value" ? `g.value ${dir} nulls last, g.key asc nulls last` : `g.key ${dir} nulls last`;
  const text = `select g.key, g.value, g.count, (count(*) over ())::int as groups
    from (select ${key} as key, ${value} as value, count(*)::int as count ${from} group by 1) g
    order by ${orderBy} limit $3`;
  return { text, params: [query.limit, ...conditions.params], grouped };
}
export {
  AGGREGATE_OPS,
  buildAggregateSql
};
//# sourceMappingURL=aggregate-query.js.map
