import { compactSchema, toolAnnotations, toolInputSchema, withoutAliases } from "./tools.js";
const named = (...names) => (name) => names.includes(name);
const TOOL_GROUPS = [
  {
    name: "tenant",
    title: "Tenants and sessions",
    summary: "Pick the tenant to work in (first step), create tenants, tenant-user sessions.",
    matches: (n) => /^(list_tenants|select_tenant|create_tenant|tenant_login|tenant_logout|tenant_me)$/.test(n)
  },
  {
    name: "schema",
    title: "Entities and fields",
    summary: "Model the tenant's data: entities, fields, versions, metadata export/import, prebuilds.",
    matches: (n) => /(_entity|_entities|_entity_changes|custom_fields|_metadata|prebuild)/.test(n)
  },
  {
    name: "records",
    title: "Records",
    summary: "Create, read, query, aggregate and search an entity's records.",
    matches: (n) => /_records?(_semantic)?$/.test(n)
  },
  {
    name: "rules",
    title: "Business rules",
    summary: "Computed fields, validations, transforms and actions that run on every save.",
    matches: (n) => /(business_rule|rule_runs)/.test(n)
  },
  {
    name: "users",
    title: "Tenant users",
    summary: "Manage the tenant's users and their roles.",
    matches: (n) => /_users?$|user_password$/.test(n)
  },
  {
    name: "channels",
    title: "Channels",
    summary: "Lend your data as tools; find and run other tenants' channels.",
    matches: (n) => /channel/.test(n)
  },
  {
    name: "sites",
    title: "Static sites",
    summary: "Deploy, list, roll back and delete static sites served by subdomain.",
    matches: (n) => /static_site/.test(n)
  },
  {
    name: "bots",
    title: "Bots",
    summary: "Machine identities: register, identify (token), list, revoke.",
    matches: (n) => /(^|_)bots?(_|$)/.test(n)
  },
  {
    name: "api",
    title: "API description",
    summary: "The tenant's REST API: OpenAPI document and a generated TypeScript client.",
    matches: named("get_rest_api_spec", "generate_api_client")
  }
];
const groupOf = (operationName) => TOOL_GROUPS.find((g) => g.matches(operationName));
const SUBACTION = "subaction";
const KEPT = /* @__PURE__ */ new Set(["type", "enum", "const", "anyOf", "oneOf", "items", "properties", "required"]);
function slim(schema, depth) {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEPT.has(key)) continue;
    if (key === "properties" || key === "required") {
      if (depth > 0) continue;
      out[key] = key === "properties" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, slim(v, depth + 1)])) : value;
    } else if (key === "anyOf" || key === "oneOf") out[key] = value.map((v) => slim(v, depth));
    else if (key === "items") out[key] = slim(value, depth);
    else out[key] = value;
  }
  return out;
}
function variantSchema(op) {
  const schema = slim(compactSchema(withoutAliases(toolInputSchema(op))), 0);
  const rename = (key) => key === "action" ? SUBACTION : key;
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [rename(key), value]));
  const required = Array.isArray(schema.required) ? schema.required.map(rename) : [];
  return { properties: { action: { const: op.name }, ...properties }, ...required.length ? { required } : {} };
}
function groupAnnotations(actions) {
  const each = actions.map(toolAnnotations);
  return {
    readOnlyHint: each.every((a) => a.readOnlyHint),
    destructiveHint: each.some((a) => a.destructiveHint),
    idempotentHint: each.every((a) => a.idempotentHint)
  };
}
function groupedTools(operations) {
  const tools = [];
  for (const group of TOOL_GROUPS) {
    const actions = operations.filter((op) => op.tool && groupOf(op.name) === group);
    if (actions.length === 0) continue;
    const example = actions[0];
    tools.push({
      actions: new Map(actions.map((op) => [op.name, op])),
      definition: {
        name: group.name,
        title: group.title,
        description: `${group.summary} e.g. {"action":"${example.name}"}`,
        inputSchema: {
          type: "object",
          properties: { action: { type: "string" } },
          required: ["action"],
          oneOf: actions.map(variantSchema)
        },
        annotations: groupAnnotations(actions)
      }
    });
  }
  return tools;
}
export {
  SUBACTION,
  TOOL_GROUPS,
  groupOf,
  groupedTools
};
//# sourceMappingURL=grouped.js.map
