import type { Operation, Profile } from '../../operations/core/operation.js';
import { jsonSchemaOf } from '../../operations/core/schemas.js';
import { renderText } from '../surface-text.js';

/** A JSON Schema object as MCP advertises it (`inputSchema`). */
export type JsonObjectSchema = { type: 'object'; properties?: Record<string, Record<string, unknown>>; [key: string]: unknown };

/** One MCP tool as `tools/list` answers it, derived from a catalogue operation. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonObjectSchema;
  /**
   * What `structuredContent` holds on success: the operation's output (a list as `{ items }`).
   * Absent on a grouped tool, whose answer is that of the action it ran.
   */
  outputSchema?: JsonObjectSchema;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
}

const PROFILE_RANK: Record<Profile, number> = { core: 0, advanced: 1, all: 2 };

/** core ⊂ advanced ⊂ all: an operation belongs to its own profile and every larger one. */
export const inProfile = (op: Operation, profile: Profile) => PROFILE_RANK[op.profile] <= PROFILE_RANK[profile];

/** The operations a profile exposes as tools, in catalogue order. */
export const toolOperations = (operations: readonly Operation[], profile: Profile) =>
  operations.filter((op) => op.tool && inProfile(op, profile));

const schemaCache = new WeakMap<Operation, JsonObjectSchema>();

/**
 * The input JSON Schema of an operation as a client sends it (`io: 'input'`: defaults are
 * optional), exactly as zod states it. Argument normalization reads this one.
 */
export function toolInputSchema(op: Operation): JsonObjectSchema {
  const cached = schemaCache.get(op);
  if (cached) return cached;
  const schema = jsonSchemaOf(op.input, 'input');
  const result = (schema.type === 'object' ? schema : { type: 'object', properties: {} }) as JsonObjectSchema;
  schemaCache.set(op, result);
  return result;
}

const isEmptyObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

/**
 * The schema as advertised in `tools/list`, without what says nothing and costs tokens in every
 * listing: `$schema`, zod's safe-integer bounds on every `.int()`, `propertyNames: { type: string }`
 * (JSON keys are strings), `additionalProperties: {}` (allowed anyway) and length/count bounds
 * (`minLength`, `maxLength`, `minItems`, `maxItems`, `maxProperties`: a refusal names the argument
 * and its bound). The operation still validates everything.
 */
const LENGTH_BOUNDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'maxProperties']);

export function compactSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactSchema);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$schema') continue;
    if (key === 'minimum' && v === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && v === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'propertyNames' && (v as { type?: unknown }).type === 'string' && Object.keys(v as object).length === 1) continue;
    if (key === 'additionalProperties' && isEmptyObject(v)) continue;
    // Length and count bounds: checked by the operation, which names the argument when one is off.
    if (LENGTH_BOUNDS.has(key) && typeof v === 'number') continue;
    // Property names are data, not schema keywords: keep every one of them.
    out[key] =
      key === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([k, p]) => [k, compactSchema(p)])) : compactSchema(v);
  }
  return out;
}

/**
 * MCP annotations from the operation's mode. The MCP defaults are pessimistic (a write tool is
 * presumed destructive), so every hint is stated: reads are read-only and idempotent; writes are
 * destructive only when the operation says so.
 */
export function toolAnnotations(op: Operation): ToolDefinition['annotations'] {
  const readOnly = op.mode === 'read';
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && op.destructive === true,
    idempotentHint: readOnly || op.idempotent === true,
  };
}

/**
 * Alias properties an operation's schema accepts beside their canonical name (e.g. `message` beside
 * `version_message`). Clients may still send them — argument normalisation maps aliases — but the
 * listing names each argument once.
 */
const ADVERTISED_ALIASES: ReadonlyArray<readonly [alias: string, canonical: string]> = [
  ['publish', 'auto_publish'],
  ['message', 'version_message'],
  ['fieldData', 'field'],
  ['recordId', 'id'],
  ['testData', 'sampleData'],
  ['testContext', 'sampleData'],
];

export function withoutAliases(schema: JsonObjectSchema): JsonObjectSchema {
  const properties = schema.properties;
  if (!properties) return schema;
  const drop = ADVERTISED_ALIASES.filter(([alias, canonical]) => alias in properties && canonical in properties).map(([a]) => a);
  if (drop.length === 0) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([key]) => !drop.includes(key))),
  };
}

/**
 * The output schema of a tool: `structuredContent` must be an object, so a list is published as
 * `{ items }` and any other non-object as `{ value }` (results.ts wraps the data the same way).
 */
export function toolOutputSchema(op: Operation): JsonObjectSchema {
  const schema = jsonSchemaOf(op.output, 'output');
  if (schema.type === 'object') return compactSchema(schema) as JsonObjectSchema;
  const variants = schema.anyOf as Array<Record<string, unknown>> | undefined;
  if (variants?.every((v) => v.type === 'object')) return compactSchema({ type: 'object', ...schema }) as JsonObjectSchema;
  const key = schema.type === 'array' ? 'items' : 'value';
  return compactSchema({ type: 'object', properties: { [key]: schema }, required: [key] }) as JsonObjectSchema;
}

export function toolDefinition(op: Operation, describe: (text: string) => string = (t) => t): ToolDefinition {
  return {
    name: op.name,
    title: op.title,
    description: describe(op.description),
    inputSchema: compactSchema(withoutAliases(toolInputSchema(op))) as JsonObjectSchema,
    outputSchema: toolOutputSchema(op),
    annotations: toolAnnotations(op),
  };
}

/** The `tools/list` answer of a profile. */
export const listTools = (operations: readonly Operation[], profile: Profile) =>
  toolOperations(operations, profile).map((op) => toolDefinition(op, (text) => renderText(text, 'mcp', operations)));
