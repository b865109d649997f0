import { relatedEntityOf, selectOptions } from "../records/field-values.js";
import { MAX_PAGE_SIZE } from "../records/list-limits.js";
import { definitionHash } from "./definition-hash.js";
import { sanitizeForeignText, TEXT_LIMITS } from "./sanitize.js";
const DERIVED_VERBS = ["list", "get", "create", "update"];
const ACCESS = { list: "read", get: "read", create: "write", update: "write" };
const SCALAR = {
  text: () => ({ type: "string", maxLength: 2e3 }),
  textarea: () => ({ type: "string", maxLength: 1e4 }),
  email: () => ({ type: "string", maxLength: 320 }),
  url: () => ({ type: "string", maxLength: 2e3 }),
  phone: () => ({ type: "string", maxLength: 50 }),
  number: () => ({ type: "number" }),
  integer: () => ({ type: "integer" }),
  boolean: () => ({ type: "boolean" }),
  date: () => ({ type: "string", maxLength: 10, description: "YYYY-MM-DD" }),
  datetime: () => ({ type: "string", maxLength: 40, description: "ISO 8601" }),
  select: (f) => {
    const options = selectOptions(f);
    return options.length ? { type: "string", enum: options } : { type: "string", maxLength: 200 };
  },
  relation: () => ({ type: "string", maxLength: 36, description: "record id (UUID)" })
};
function lentFields(entity, grant) {
  return entity.definition.fields.filter((f) => {
    if (!SCALAR[f.fieldType]) return false;
    if (f.fieldType !== "relation") return true;
    const target = relatedEntityOf(f);
    return target !== void 0 && Object.hasOwn(grant, target);
  });
}
function ungrantedRelationTargets(entity, grant) {
  return entity.definition.fields.filter((f) => f.fieldType === "relation").map((f) => relatedEntityOf(f) ?? "?").filter((target) => !Object.hasOwn(grant, target));
}
const objectOf = (properties, required = []) => ({
  type: "object",
  properties,
  ...required.length ? { required } : {},
  additionalProperties: false
});
const id = { type: "string", maxLength: 100, description: "record id" };
const resolve = { type: "boolean", description: "expand relations" };
function paramsOf(verb, fields) {
  const values = Object.fromEntries(fields.map((f) => [f.fieldKey, SCALAR[f.fieldType](f)]));
  switch (verb) {
    case "list":
      return objectOf({
        filter: { ...objectOf(values), description: "equality by field" },
        search: { type: "string", maxLength: 200 },
        orderBy: { type: "string", enum: [...fields.map((f) => f.fieldKey), "createdAt", "updatedAt"] },
        orderDir: { type: "string", enum: ["asc", "desc"] },
        page: { type: "integer", minimum: 1 },
        limit: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
        resolve
      });
    case "get":
      return objectOf({ id, resolve }, ["id"]);
    case "create": {
      const required = fields.filter((f) => f.isRequired).map((f) => f.fieldKey);
      return objectOf({ data: objectOf(values, required) }, ["data"]);
    }
    case "update":
      return objectOf({ id, data: objectOf(values) }, ["id", "data"]);
  }
}
function describe(verb, label) {
  switch (verb) {
    case "list":
      return `Lists ${label} records: { data, total, page, limit, totalPages }.`;
    case "get":
      return `One ${label} record by id.`;
    case "create":
      return `Creates a ${label} record from data.`;
    case "update":
      return `Changes fields of a ${label} record.`;
  }
}
function derivedTool(verb, entity, grant) {
  const name = `${verb}_${entity.name}`;
  const label = sanitizeForeignText(entity.definition.displayName || entity.name, TEXT_LIMITS.name);
  const description = describe(verb, label);
  const schema = paramsOf(verb, lentFields(entity, grant));
  const access = ACCESS[verb];
  return {
    name,
    description,
    kind: "derived",
    verb,
    entity: entity.name,
    access,
    version: entity.version,
    definitionHash: definitionHash({ name, description, kind: "derived", entity: entity.name, access, params: schema }),
    params: schema,
    schema
  };
}
const verbsOf = (permission) => permission === "readwrite" ? ["list", "get", "create", "update"] : ["list", "get"];
function parseDerivedName(name) {
  const match = /^(list|get|create|update)_([a-z][a-z0-9_]{0,62})$/.exec(name);
  return match ? { verb: match[1], entity: match[2] } : null;
}
export {
  DERIVED_VERBS,
  derivedTool,
  lentFields,
  parseDerivedName,
  ungrantedRelationTargets,
  verbsOf
};
//# sourceMappingURL=derived-tools.js.map
