import { IDENTIFIER_PATTERN } from "../entities/field-types.js";
import { relatedEntityOf } from "../records/field-values.js";
import { filterOperatorsFor, SYSTEM_KEYS } from "../records/list-query.js";
import { CLIENT_RUNTIME } from "./typescript-client-runtime.js";
const pascal = (name) => name.split("_").filter(Boolean).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join("") || "Entity";
const RESERVED = /* @__PURE__ */ new Set([
  "ErrorCode",
  "ErrorDetail",
  "TenantbaseError",
  "ClientOptions",
  "Page",
  "SortOrder",
  "ListParams",
  "Related",
  "JsonValue",
  "FilterOps",
  "EntityClient",
  "Http",
  "TenantClient",
  "Deleted"
]);
const SUFFIXES = ["Data", "Record", "Input", "Patch", "SortKey", "Filter", "Resolved", "ResolvedData"];
const str = (value) => JSON.stringify(value);
function valueType(field) {
  switch (field.fieldType) {
    case "text":
    case "textarea":
    case "email":
    case "url":
    case "phone":
    case "date":
    case "datetime":
    case "relation":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "select": {
      const options = Array.isArray(field.config.options) ? field.config.options : [];
      const values = options.map(
        (o) => typeof o === "string" ? o : typeof o === "object" && o !== null ? o.value : void 0
      ).filter((v) => typeof v === "string");
      return values.length ? values.map(str).join(" | ") : "string";
    }
    case "file":
      return "{ url: string; name?: string; size?: number; mimeType?: string }";
    case "location":
      return "{ lat: number; lng: number; address?: string; city?: string; country?: string }";
    case "json":
      return "JsonValue";
  }
}
function filterType(field) {
  const ops = filterOperatorsFor(field).map(str).join(" | ");
  if (typeof field === "string") return `FilterOps<string, ${ops}>`;
  const type = valueType(field);
  const scalar = type.startsWith("{") || type === "JsonValue" ? "never" : type;
  return `FilterOps<${scalar}, ${ops}>`;
}
const doc = (field) => {
  const text = [field.name !== field.fieldKey ? field.name : "", field.description].filter(Boolean).join(" \u2014 ");
  return text ? `  /** ${text.replace(/\*\//g, "* /")} */
` : "";
};
function entityTypes(e, base, baseOf) {
  const fields = e.entity.definition.fields;
  const inputs = fields.filter((f) => !e.computed.has(f.fieldKey));
  const relations = fields.filter((f) => f.fieldType === "relation");
  const sortKeys = [...fields.map((f) => f.fieldKey), ...Object.keys(SYSTEM_KEYS)];
  const lines = [];
  lines.push(`/** ${e.entity.definition.displayName || e.entity.name}: values of a record (\`record.data\`). */`);
  lines.push(`export interface ${base}Data {`);
  for (const f of fields) lines.push(`${doc(f)}  readonly ${f.fieldKey}${f.isRequired ? "" : "?"}: ${valueType(f)};`);
  lines.push("}", "");
  lines.push(`/** What creating a ${e.entity.name} record takes${e.computed.size ? " (computed fields are set by the service)" : ""}. */`);
  lines.push(`export interface ${base}Input {`);
  for (const f of inputs)
    lines.push(`${doc(f)}  ${f.fieldKey}${f.isRequired ? "" : "?"}: ${valueType(f)}${f.isRequired ? "" : " | null"};`);
  lines.push("}", "");
  lines.push(`/** A partial update: only the fields to change; null clears one. */`);
  lines.push(`export type ${base}Patch = { [K in keyof ${base}Input]?: ${base}Input[K] | null };`, "");
  lines.push(`export type ${base}SortKey = ${sortKeys.map(str).join(" | ")};`, "");
  lines.push(`export interface ${base}Filter {`);
  for (const f of fields) lines.push(`  ${f.fieldKey}?: ${filterType(f)};`);
  for (const key of Object.keys(SYSTEM_KEYS)) lines.push(`  ${key}?: ${filterType(key)};`);
  lines.push("}", "");
  lines.push(`export interface ${base}Record {`);
  lines.push("  readonly id: string;", "  readonly entityId: string;", "  readonly name: string;");
  lines.push(`  readonly data: ${base}Data;`, "  readonly createdAt: string;", "  readonly updatedAt: string;", "}", "");
  if (relations.length === 0) {
    lines.push(`/** With \`resolve: true\`: the same (${e.entity.name} has no relation fields). */`);
    lines.push(`export type ${base}Resolved = ${base}Record;`, "");
  } else {
    lines.push(`/** \`record.data\` with \`resolve: true\`: relations expanded to the related record (null when it is gone). */`);
    lines.push(`export interface ${base}ResolvedData extends Omit<${base}Data, ${relations.map((f) => str(f.fieldKey)).join(" | ")}> {`);
    for (const f of relations) {
      const target = relatedEntityOf(f);
      const targetBase = target ? baseOf(target) : void 0;
      const data = targetBase ? `${targetBase}Data` : "{ readonly [key: string]: JsonValue }";
      lines.push(`  readonly ${f.fieldKey}${f.isRequired ? "" : "?"}: Related<${data}> | null;`);
    }
    lines.push("}", "");
    lines.push(`export interface ${base}Resolved extends Omit<${base}Record, 'data'> {`, `  readonly data: ${base}ResolvedData;`, "}", "");
  }
  return lines.join("\n");
}
function generateTypescriptClient(tenant, entities, version) {
  const bases = /* @__PURE__ */ new Map();
  const taken = new Set(RESERVED);
  for (const { entity } of entities) {
    if (!IDENTIFIER_PATTERN.test(entity.name)) throw new Error(`unsafe entity name ${entity.name}`);
    let base = pascal(entity.name);
    for (let n = 2; SUFFIXES.some((s) => taken.has(base + s)) || taken.has(base); n++) base = `${pascal(entity.name)}${n}`;
    for (const s of SUFFIXES) taken.add(base + s);
    taken.add(base);
    bases.set(entity.name, base);
  }
  const types = entities.map((e) => entityTypes(e, bases.get(e.entity.name), (name) => bases.get(name))).join("\n");
  const members = entities.map((e) => {
    const b = bases.get(e.entity.name);
    return `  readonly ${str(e.entity.name)}: EntityClient<${b}Record, ${b}Resolved, ${b}Input, ${b}Patch, ${b}SortKey, ${b}Filter>;`;
  });
  const constructors = entities.map((e) => `    ${str(e.entity.name)}: new EntityClient(http, ${str(e.entity.name)}),`);
  const code = [
    `// Typed client of the record API of tenant "${tenant.slug}" (${tenant.name.replace(/[\r\n]/g, " ")}), generated by Tenantbase ${version}.`,
    "// Regenerate it with generate_api_client (GET /api/rest-api-client) after publishing entity changes.",
    "// It needs nothing but `fetch` (Node.js 18+, browsers, Deno, Bun).",
    "",
    CLIENT_RUNTIME,
    types,
    `/** The tenant's entities, each a typed client of its records. */`,
    "export interface TenantClient {",
    ...members,
    "}",
    "",
    `/** A client of tenant "${tenant.slug}": \`createTenantClient({ baseUrl: 'http://localhost:3001', apiKey })\`. */`,
    "export function createTenantClient(options: ClientOptions): TenantClient {",
    `  const http = new Http({ tenant: ${str(tenant.slug)}, ...options });`,
    "  return {",
    ...constructors,
    "  };",
    "}",
    ""
  ].join("\n");
  return { filename: `${tenant.slug}-client.ts`, code };
}
export {
  generateTypescriptClient
};
//# sourceMappingURL=typescript-client.js.map
