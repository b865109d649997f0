import { toolInputSchema } from "./tools.js";
const ALIASES = [
  ["recordId", "id"],
  ["message", "version_message"],
  ["testData", "sampleData"],
  ["testContext", "sampleData"],
  ["auto_publish", "publish"],
  ["publish", "auto_publish"],
  ["fieldData", "field"]
];
const isPlainObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function defaultLimit(schema) {
  const value = schema?.default;
  return typeof value === "number" && value > 0 ? value : 20;
}
function allowsObject(schema) {
  if (!schema) return false;
  if (schema.type === "object") return true;
  const variants = schema.anyOf ?? schema.oneOf;
  return Array.isArray(variants) && variants.some((v) => v.type === "object");
}
function normalizeToolArguments(op, raw) {
  const args = isPlainObject(raw) ? { ...raw } : {};
  const schema = toolInputSchema(op);
  const properties = schema.properties ?? {};
  const has = (key) => Object.hasOwn(properties, key);
  for (const [alias, target] of ALIASES) {
    if (args[alias] !== void 0 && !has(alias) && has(target) && args[target] === void 0) {
      args[target] = args[alias];
      delete args[alias];
    }
  }
  if (args.offset !== void 0 && !has("offset") && has("page") && args.page === void 0) {
    const offset = Number(args.offset);
    const limit = args.limit === void 0 ? defaultLimit(properties.limit) : Number(args.limit);
    if (Number.isInteger(offset) && offset >= 0 && Number.isInteger(limit) && limit > 0) {
      args.page = Math.floor(offset / limit) + 1;
      if (args.limit === void 0 && has("limit")) args.limit = limit;
    }
    delete args.offset;
  }
  if (typeof args.metadata === "string" && allowsObject(properties.metadata)) {
    try {
      args.metadata = JSON.parse(args.metadata);
    } catch {
    }
  }
  const additional = schema.additionalProperties;
  const open = additional !== void 0 && additional !== false;
  if (!open) {
    for (const key of Object.keys(args)) if (!has(key)) delete args[key];
  }
  return args;
}
export {
  normalizeToolArguments
};
//# sourceMappingURL=arguments.js.map
