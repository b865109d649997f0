import { z } from "zod";
import { IDENTIFIER_PATTERN } from "./field-types.js";
const identifier = z.string().regex(IDENTIFIER_PATTERN, "must match ^[a-z][a-z0-9_]{0,62}$ (lowercase snake_case)");
const textLike = z.strictObject({
  maxLength: z.number().int().min(1).optional(),
  minLength: z.number().int().min(0).optional(),
  placeholder: z.string().max(500).optional()
});
const numeric = z.strictObject({
  min: z.number().optional(),
  max: z.number().optional(),
  decimals: z.number().int().min(0).max(10).optional()
});
const none = z.strictObject({});
const option = z.union([
  z.string().min(1).max(200),
  z.strictObject({ value: z.string().min(1).max(200), label: z.string().max(200).optional() })
]);
const select = z.strictObject({
  options: z.array(option, "options must be an array of strings or { value, label } objects").min(1, "options needs at least one option").max(1e3)
});
const relation = z.strictObject({
  relatedEntity: identifier.optional(),
  entity: identifier.optional(),
  displayField: identifier.optional()
});
const file = z.strictObject({
  accept: z.array(z.string().min(1).max(100)).max(100).optional(),
  maxSize: z.number().int().min(1).optional()
});
const location = z.strictObject({
  displayFormat: z.enum(["map", "text", "both"], 'displayFormat must be "map", "text" or "both"').default("both"),
  defaultZoom: z.number("defaultZoom must be a number from 1 to 20").min(1, "defaultZoom must be 1 to 20").max(20, "defaultZoom must be 1 to 20").default(13),
  defaultCenter: z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional()
});
const FIELD_CONFIG_SCHEMAS = {
  text: textLike,
  textarea: textLike,
  email: none,
  url: none,
  phone: none,
  number: numeric,
  integer: numeric,
  boolean: none,
  date: none,
  datetime: none,
  select,
  relation,
  file,
  location,
  json: none
};
function configKeys(type) {
  const schema = FIELD_CONFIG_SCHEMAS[type];
  return Object.keys(schema.shape ?? {});
}
const UNIQUE_CAPABLE = /* @__PURE__ */ new Set([
  "text",
  "textarea",
  "email",
  "url",
  "phone",
  "number",
  "integer",
  "date",
  "datetime",
  "select",
  "relation"
]);
function normalizeFieldConfig(type, raw) {
  const parsed = FIELD_CONFIG_SCHEMAS[type].safeParse(raw ?? {});
  if (!parsed.success) {
    const keys = configKeys(type);
    const accepts = keys.length ? `a ${type} field's config accepts: ${keys.join(", ")}` : `a ${type} field takes no config (send {})`;
    return {
      config: {},
      problems: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String),
        message: issue.code === "unrecognized_keys" ? `${issue.message}; ${accepts}` : issue.message
      }))
    };
  }
  const config = { ...parsed.data };
  const problems = [];
  if (type === "relation") {
    const target = config.relatedEntity ?? config.entity;
    if (config.relatedEntity && config.entity && config.relatedEntity !== config.entity) {
      problems.push({ path: ["entity"], message: "relatedEntity and entity name different entities; give one of them" });
    }
    if (typeof target !== "string") {
      problems.push({
        path: ["relatedEntity"],
        message: "a relation field needs config.relatedEntity: the name of an entity of this tenant"
      });
    }
    delete config.entity;
    if (typeof target === "string") config.relatedEntity = target;
  }
  if (type === "select") {
    const values = config.options.map((o) => typeof o === "string" ? o : o.value);
    const dup = values.find((v, i) => values.indexOf(v) !== i);
    if (dup !== void 0) problems.push({ path: ["options"], message: `option "${dup}" appears twice; option values must be unique` });
  }
  if ((type === "number" || type === "integer") && typeof config.min === "number" && typeof config.max === "number" && config.min > config.max) {
    problems.push({ path: ["min"], message: "min must not be greater than max" });
  }
  if ((type === "text" || type === "textarea") && typeof config.minLength === "number" && typeof config.maxLength === "number" && config.minLength > config.maxLength) {
    problems.push({ path: ["minLength"], message: "minLength must not be greater than maxLength" });
  }
  return { config, problems };
}
export {
  FIELD_CONFIG_SCHEMAS,
  UNIQUE_CAPABLE,
  configKeys,
  normalizeFieldConfig
};
//# sourceMappingURL=field-config.js.map
