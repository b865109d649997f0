import type { Operation } from '../../operations/core/operation.js';
import { compactSchema, toolAnnotations, toolInputSchema, withoutAliases, type JsonObjectSchema, type ToolDefinition } from './tools.js';

/**
 * The `grouped` profile (docs/mcp.md "Profiles"): one tool per area of the catalogue, each with an
 * `action` argument naming the operation and that operation's arguments beside it — a
 * discriminated union on `action`. Every tool of the `all` profile is an action of exactly one
 * group (a test holds it), so an agent with a small tool cap still reaches everything.
 *
 * Groups match operation names, so an area's new operations join their group without an edit
 * here; an operation no group matches fails the test that every tool has a group.
 */
export interface ToolGroup {
  readonly name: string;
  readonly title: string;
  /** What the group is for, one sentence; the actions are listed after it. */
  readonly summary: string;
  readonly matches: (operationName: string) => boolean;
}

const named =
  (...names: string[]) =>
  (name: string) =>
    names.includes(name);

export const TOOL_GROUPS: readonly ToolGroup[] = [
  {
    name: 'tenant',
    title: 'Tenants and sessions',
    summary: 'Pick the tenant to work in (first step), create tenants, tenant-user sessions.',
    matches: (n) => /^(list_tenants|select_tenant|create_tenant|tenant_login|tenant_logout|tenant_me)$/.test(n),
  },
  {
    name: 'schema',
    title: 'Entities and fields',
    summary: "Model the tenant's data: entities, fields, versions, metadata export/import, prebuilds.",
    matches: (n) => /(_entity|_entities|_entity_changes|custom_fields|_metadata|prebuild)/.test(n),
  },
  {
    name: 'records',
    title: 'Records',
    summary: "Create, read, query, aggregate and search an entity's records.",
    matches: (n) => /_records?(_semantic)?$/.test(n),
  },
  {
    name: 'rules',
    title: 'Business rules',
    summary: 'Computed fields, validations, transforms and actions that run on every save.',
    matches: (n) => /(business_rule|rule_runs)/.test(n),
  },
  {
    name: 'users',
    title: 'Tenant users',
    summary: "Manage the tenant's users and their roles.",
    matches: (n) => /_users?$|user_password$/.test(n),
  },
  {
    name: 'channels',
    title: 'Channels',
    summary: "Lend your data as tools; find and run other tenants' channels.",
    matches: (n) => /channel/.test(n),
  },
  {
    name: 'sites',
    title: 'Static sites',
    summary: 'Deploy, list, roll back and delete static sites served by subdomain.',
    matches: (n) => /static_site/.test(n),
  },
  {
    name: 'bots',
    title: 'Bots',
    summary: 'Machine identities: register, identify (token), list, revoke.',
    matches: (n) => /(^|_)bots?(_|$)/.test(n),
  },
  {
    name: 'api',
    title: 'API description',
    summary: "The tenant's REST API: OpenAPI document and a generated TypeScript client.",
    matches: named('get_rest_api_spec', 'generate_api_client'),
  },
];

/** The group an operation is an action of, if any. */
export const groupOf = (operationName: string): ToolGroup | undefined => TOOL_GROUPS.find((g) => g.matches(operationName));

/**
 * An operation's own argument named `action` (e.g. manage_custom_fields' add/update/delete/list)
 * is passed as `subaction` in the grouped profile, since `action` names the operation there.
 */
export const SUBACTION = 'subaction';

const KEPT = new Set(['type', 'enum', 'const', 'anyOf', 'oneOf', 'items', 'properties', 'required']);

/**
 * A variant's arguments as a model needs them to call: names, types, enums and what is required,
 * one level deep. Bounds, defaults and descriptions are left to the operation (which validates
 * them) and to search_tools, which answers an action's full schema.
 */
function slim(schema: unknown, depth: number): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEPT.has(key)) continue;
    if (key === 'properties' || key === 'required') {
      if (depth > 0) continue;
      out[key] =
        key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, slim(v, depth + 1)])) : value;
    } else if (key === 'anyOf' || key === 'oneOf') out[key] = (value as unknown[]).map((v) => slim(v, depth));
    else if (key === 'items') out[key] = slim(value, depth);
    else out[key] = value;
  }
  return out;
}

function variantSchema(op: Operation): Record<string, unknown> {
  const schema = slim(compactSchema(withoutAliases(toolInputSchema(op))), 0) as JsonObjectSchema;
  const rename = (key: string) => (key === 'action' ? SUBACTION : key);
  const requiredKeys = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  // Arguments are named, typed only where the type says more than "a string" (enums, numbers,
  // lists, objects); search_tools answers them in full.
  const optional = (value: unknown) => {
    const v = value as { type?: unknown; enum?: unknown };
    return v.enum !== undefined || (v.type !== undefined && v.type !== 'string') ? value : {};
  };
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [rename(key), optional(value)]));
  const required = [...requiredKeys].map(rename);
  return { properties: { action: { const: op.name }, ...properties }, ...(required.length ? { required } : {}) };
}

/** Read-only only when every action reads; destructive when any action is; idempotent when all are. */
function groupAnnotations(actions: readonly Operation[]): ToolDefinition['annotations'] {
  const each = actions.map(toolAnnotations);
  return {
    readOnlyHint: each.every((a) => a.readOnlyHint),
    destructiveHint: each.some((a) => a.destructiveHint),
    idempotentHint: each.every((a) => a.idempotentHint),
  };
}

export interface GroupedTool {
  readonly definition: ToolDefinition;
  /** The operations this tool runs, by action name. */
  readonly actions: ReadonlyMap<string, Operation>;
}

/** The grouped tools over `operations` (those with `tool: true`), groups without actions left out. */
export function groupedTools(operations: readonly Operation[]): GroupedTool[] {
  const tools: GroupedTool[] = [];
  for (const group of TOOL_GROUPS) {
    const actions = operations.filter((op) => op.tool && groupOf(op.name) === group);
    if (actions.length === 0) continue;
    const example = actions[0]!;
    tools.push({
      actions: new Map(actions.map((op) => [op.name, op])),
      definition: {
        name: group.name,
        title: group.title,
        description: `${group.summary} e.g. {"action":"${example.name}"}`,
        inputSchema: {
          type: 'object',
          properties: { action: { type: 'string' } },
          required: ['action'],
          oneOf: actions.map(variantSchema),
        },
        annotations: groupAnnotations(actions),
      },
    });
  }
  return tools;
}
