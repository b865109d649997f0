import { validationError } from "../../errors.js";
import { IDENTIFIER_PATTERN } from "../entities/field-types.js";
import { normalizeDate, toNumber, UUID_PATTERN } from "./field-values.js";
import { MAX_IN_VALUES } from "./list-limits.js";
const FILTER_OPS = ["eq", "ne", "gt", "gte", "lt", "lte", "in", "contains", "startsWith", "isNull"];
const SYSTEM_KEYS = { id: "r.id", createdAt: "r.created_at", updatedAt: "r.updated_at" };
const isSystemKey = (k) => Object.hasOwn(SYSTEM_KEYS, k);
const KIND = {
  text: "text",
  textarea: "text",
  email: "text",
  url: "text",
  phone: "text",
  select: "text",
  relation: "text",
  number: "number",
  integer: "number",
  date: "date",
  datetime: "date",
  boolean: "boolean",
  file: "opaque",
  location: "opaque",
  json: "opaque"
};
const OPS_BY_KIND = {
  text: FILTER_OPS,
  number: ["eq", "ne", "gt", "gte", "lt", "lte", "in", "isNull"],
  date: ["eq", "ne", "gt", "gte", "lt", "lte", "in", "isNull"],
  boolean: ["eq", "ne", "isNull"],
  opaque: ["isNull"],
  id: ["eq", "ne", "in"],
  timestamp: ["eq", "ne", "gt", "gte", "lt", "lte"]
};
function filterOperatorsFor(field) {
  if (typeof field === "string") return OPS_BY_KIND[field === "id" ? "id" : "timestamp"];
  return OPS_BY_KIND[KIND[field.fieldType]];
}
const COMPARE = { gt: ">", gte: ">=", lt: "<", lte: "<=" };
const literal = (key) => {
  if (!IDENTIFIER_PATTERN.test(key)) throw new Error(`unsafe field key ${key}`);
  return `'${key}'`;
};
function fieldExpression(field) {
  const k = literal(field.fieldKey);
  switch (KIND[field.fieldType]) {
    case "number":
      return `(case when jsonb_typeof(r.data -> ${k}) = 'number' then (r.data ->> ${k})::numeric end)`;
    case "boolean":
      return `(case when jsonb_typeof(r.data -> ${k}) = 'boolean' then (r.data ->> ${k})::boolean end)`;
    // Stored dates are normalised ISO 8601 (see field-values.ts): byte order is time order.
    case "date":
      return `(nullif(r.data ->> ${k}, '') collate "C")`;
    default:
      return `nullif(r.data ->> ${k}, '')`;
  }
}
const likeEscape = (s) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
function fieldKind(field) {
  return KIND[field.fieldType];
}
const filterableKeys = (definition) => [...Object.keys(SYSTEM_KEYS), ...definition.fields.map((f) => f.fieldKey)];
function buildConditionSql(definition, query, firstParam) {
  const params = [];
  const p = (value) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  const fields = new Map(definition.fields.map((f) => [f.fieldKey, f]));
  const known = () => filterableKeys(definition).join(", ");
  const conditions = [];
  for (const clause of query.filters) {
    const name = `filter.${clause.field}${clause.op === "eq" ? "" : `.${clause.op}`}`;
    const bad = (message) => validationError(`${name}: ${message}`, [{ field: name, message }]);
    const field = fields.get(clause.field);
    if (!field && !isSystemKey(clause.field)) throw bad(`unknown field "${clause.field}" (filterable: ${known()})`);
    const kind = field ? KIND[field.fieldType] : clause.field === "id" ? "id" : "timestamp";
    if (!OPS_BY_KIND[kind].includes(clause.op)) {
      throw bad(`operator "${clause.op}" is not available for this field (use: ${OPS_BY_KIND[kind].join(", ")})`);
    }
    const typed = (raw) => {
      const v = raw.trim();
      switch (kind) {
        case "number": {
          const n = toNumber(v);
          if (n === void 0) throw bad(`"${raw}" is not a number`);
          return n;
        }
        case "boolean":
          if (v !== "true" && v !== "false") throw bad("must be true or false");
          return v === "true";
        case "date": {
          const d = normalizeDate(v, field?.fieldType === "date");
          if (d === void 0) throw bad(`"${raw}" is not an ISO 8601 date`);
          return d;
        }
        case "timestamp": {
          const d = normalizeDate(v, false);
          if (d === void 0) throw bad(`"${raw}" is not an ISO 8601 date`);
          return d;
        }
        case "id":
          if (!UUID_PATTERN.test(v)) throw bad(`"${raw}" is not a UUID`);
          return v.toLowerCase();
        default:
          if (field?.fieldType === "relation" && !UUID_PATTERN.test(v)) throw bad(`"${raw}" is not a UUID`);
          return field?.fieldType === "relation" ? v.toLowerCase() : raw;
      }
    };
    if (clause.op === "isNull") {
      if (clause.value !== "true" && clause.value !== "false") throw bad("must be true or false");
      const empty = `coalesce(r.data ->> ${literal(field.fieldKey)}, '') = ''`;
      conditions.push(clause.value === "true" ? empty : `not (${empty})`);
      continue;
    }
    if (!field) {
      const column = SYSTEM_KEYS[clause.field];
      const cast = kind === "id" ? "uuid" : "timestamptz";
      if (clause.op === "in") {
        const values = splitList(clause.value, bad).map(typed);
        conditions.push(`${column} = any(${p(values)}::${cast}[])`);
      } else {
        const operator = clause.op === "eq" ? "=" : clause.op === "ne" ? "<>" : COMPARE[clause.op];
        conditions.push(`${column} ${operator} ${p(typed(clause.value))}::${cast}`);
      }
      continue;
    }
    const key = field.fieldKey;
    switch (clause.op) {
      case "eq":
        conditions.push(`r.data @> ${p(JSON.stringify({ [key]: typed(clause.value) }))}::text::jsonb`);
        break;
      case "ne":
        conditions.push(`not (r.data @> ${p(JSON.stringify({ [key]: typed(clause.value) }))}::text::jsonb)`);
        break;
      case "in": {
        const values = splitList(clause.value, bad).map(typed);
        conditions.push(`(${values.map((v) => `r.data @> ${p(JSON.stringify({ [key]: v }))}::text::jsonb`).join(" or ")})`);
        break;
      }
      case "contains":
        conditions.push(`r.data ->> ${literal(key)} ilike ${p(`%${likeEscape(clause.value)}%`)}`);
        break;
      case "startsWith":
        conditions.push(`r.data ->> ${literal(key)} ilike ${p(`${likeEscape(clause.value)}%`)}`);
        break;
      default: {
        const cast = kind === "number" ? "::numeric" : kind === "date" ? '::text collate "C"' : "::text";
        conditions.push(`${fieldExpression(field)} ${COMPARE[clause.op]} ${p(typed(clause.value))}${cast}`);
      }
    }
  }
  if (query.search !== void 0 && query.search.trim() !== "") {
    conditions.push(`r.search_text like ('%' || tb_search_norm(${p(likeEscape(query.search.trim()))}) || '%')`);
  }
  return { where: conditions.map((c) => ` and ${c}`).join(""), params };
}
function buildListSql(definition, query, firstParam) {
  const { where, params } = buildConditionSql(definition, query, firstParam);
  const fields = new Map(definition.fields.map((f) => [f.fieldKey, f]));
  const known = () => filterableKeys(definition).join(", ");
  const dir = query.order === "desc" ? "desc" : "asc";
  let sortExpression = "r.created_at";
  if (query.sort !== void 0) {
    const field = fields.get(query.sort);
    if (field) sortExpression = fieldExpression(field);
    else if (isSystemKey(query.sort)) sortExpression = SYSTEM_KEYS[query.sort];
    else
      throw validationError(`sort: unknown field "${query.sort}" (sortable: ${known()})`, [
        { field: "sort", message: `unknown field "${query.sort}"` }
      ]);
  }
  const system = sortExpression.startsWith("r.") && !sortExpression.startsWith("r.data");
  const orderBy = sortExpression === "r.id" ? `r.id ${dir}` : `${sortExpression} ${dir}${system ? "" : " nulls last"}, r.id ${dir}`;
  return { where, orderBy, params };
}
function splitList(value, bad) {
  const values = value.split(",").map((v) => v.trim()).filter((v) => v !== "");
  if (values.length === 0) throw bad("needs a comma-separated list of values");
  if (values.length > MAX_IN_VALUES) throw bad(`at most ${MAX_IN_VALUES} values`);
  return values;
}
export {
  FILTER_OPS,
  SYSTEM_KEYS,
  buildConditionSql,
  buildListSql,
  fieldExpression,
  fieldKind,
  filterOperatorsFor,
  filterableKeys
};
//# sourceMappingURL=list-query.js.map
