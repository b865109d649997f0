import { jsonSchemaOf } from "../../operations/core/schemas.js";
import { renderText } from "../surface-text.js";
const PROFILE_RANK = { core: 0, advanced: 1, all: 2 };
const inProfile = (op, profile) => PROFILE_RANK[op.profile] <= PROFILE_RANK[profile];
const toolOperations = (operations, profile) => operations.filter((op) => op.tool && inProfile(op, profile));
const schemaCache = /* @__PURE__ */ new WeakMap();
function toolInputSchema(op) {
  const cached = schemaCache.get(op);
  if (cached) return cached;
  const schema = jsonSchemaOf(op.input, "input");
  const result = schema.type === "object" ? schema : { type: "object", properties: {} };
  schemaCache.set(op, result);
  return result;
}
const isEmptyObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
function compactSchema(value) {
  if (Array.isArray(value)) return value.map(compactSchema);
  if (typeof value !== "object" || value === null) return value;
  const out = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "$schema") continue;
    if (key === "minimum" && v === Number.MIN_SAFE_INTEGER) continue;
    if (key === "maximum" && v === Number.MAX_SAFE_INTEGER) continue;
    if (key === "propertyNames" && v.type === "string" && Object.keys(v).length === 1) continue;
    if (key === "additionalProperties" && isEmptyObject(v)) continue;
    out[key] = key === "properties" ? Object.fromEntries(Object.entries(v).map(([k, p]) => [k, compactSchema(p)])) : compactSchema(v);
  }
  return out;
}
function toolAnnotations(op) {
  const readOnly = op.mode === "read";
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && op.destructive === true,
    idempotentHint: readOnly || op.idempotent === true
  };
}
const ADVERTISED_ALIASES = [
  ["publish", "auto_publish"],
  ["message", "version_message"],
  ["fieldData", "field"],
  ["recordId", "id"],
  ["testData", "sampleData"],
  ["testContext", "sampleData"]
];
function withoutAliases(schema) {
  const properties = schema.properties;
  if (!properties) return schema;
  const drop = ADVERTISED_ALIASES.filter(([alias, canonical]) => alias in properties && canonical in properties).map(([a]) => a);
  if (drop.length === 0) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([key]) => !drop.includes(key)))
  };
}
function toolOutputSchema(op) {
  const schema = jsonSchemaOf(op.output, "output");
  if (schema.type === "object") return compactSchema(schema);
  const variants = schema.anyOf;
  if (variants?.every((v) => v.type === "object")) return compactSchema({ type: "object", ...schema });
  const key = schema.type === "array" ? "items" : "value";
  return compactSchema({ type: "object", properties: { [key]: schema }, required: [key] });
}
function toolDefinition(op, describe = (t) => t) {
  return {
    name: op.name,
    title: op.title,
    description: describe(op.description),
    inputSchema: compactSchema(withoutAliases(toolInputSchema(op))),
    outputSchema: toolOutputSchema(op),
    annotations: toolAnnotations(op)
  };
}
const listTools = (operations, profile) => toolOperations(operations, profile).map((op) => toolDefinition(op, (text) => renderText(text, "mcp", operations)));
export {
  compactSchema,
  inProfile,
  listTools,
  toolAnnotations,
  toolDefinition,
  toolInputSchema,
  toolOperations,
  toolOutputSchema,
  withoutAliases
};
//# sourceMappingURL=tools.js.map
