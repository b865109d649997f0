import { z } from 'zod';
import { fromZodError, validationError } from '../../errors.js';

/**
 * The safe subset of JSON Schema a channel tool's parameters are declared in (docs/channels.md):
 * `type` (string number integer boolean object array), `description`, `enum`, `minimum`,
 * `maximum`, `minLength`, `maxLength`, `pattern` (at most 100 characters), `items`, `minItems`,
 * `maxItems`, `properties`, `required`. Nothing else — no `$ref`, no formats, no code — and the
 * top level is an object. Checked when a tool is defined; arguments are then validated against it
 * (through zod) before any statement runs.
 */
export const SCHEMA_LIMITS = { bytes: 8192, depth: 4, properties: 30, enum: 50, pattern: 100, maxLength: 10_000, maxItems: 100 } as const;

/** Strings without a `maxLength` are capped at this length all the same. */
const DEFAULT_MAX_LENGTH = 2000;

export interface ParamSchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  description?: string | undefined;
  enum?: Array<string | number | boolean> | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  pattern?: string | undefined;
  items?: ParamSchema | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
  properties?: Record<string, ParamSchema> | undefined;
  required?: string[] | undefined;
  additionalProperties?: false | undefined;
}

const count = (max: number) => z.number().int().min(0).max(max);
const propertyName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,62}$/, 'property names are identifiers (letters, digits, _)');

const node: z.ZodType<ParamSchema> = z.lazy(() =>
  z.strictObject({
    type: z.enum(['string', 'number', 'integer', 'boolean', 'object', 'array']),
    description: z.string().max(300).optional(),
    enum: z
      .array(z.union([z.string().max(200), z.number(), z.boolean()]))
      .min(1)
      .max(SCHEMA_LIMITS.enum)
      .optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minLength: count(SCHEMA_LIMITS.maxLength).optional(),
    maxLength: count(SCHEMA_LIMITS.maxLength).optional(),
    pattern: z
      .string()
      .max(SCHEMA_LIMITS.pattern, `pattern is limited to ${SCHEMA_LIMITS.pattern} characters`)
      .refine(compiles, 'pattern is not a valid regular expression')
      .optional(),
    items: node.optional(),
    minItems: count(SCHEMA_LIMITS.maxItems).optional(),
    maxItems: count(SCHEMA_LIMITS.maxItems).optional(),
    properties: z
      .record(propertyName, node)
      .refine((p) => Object.keys(p).length <= SCHEMA_LIMITS.properties, `at most ${SCHEMA_LIMITS.properties} properties`)
      .optional(),
    required: z.array(propertyName).max(SCHEMA_LIMITS.properties).optional(),
    additionalProperties: z.literal(false).optional(),
  }),
);

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Checks a declared parameter schema: the subset, its size and depth, and that it hangs together. */
export function checkParamSchema(raw: unknown): ParamSchema {
  const size = JSON.stringify(raw ?? null).length;
  if (size > SCHEMA_LIMITS.bytes) {
    throw validationError(`params: the schema is ${size} bytes; at most ${SCHEMA_LIMITS.bytes} are allowed`, [
      { field: 'params', message: 'schema too large' },
    ]);
  }
  const parsed = node.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error, 'params');
  const schema = parsed.data;
  if (schema.type !== 'object') throw validationError('params: the top level must be { "type": "object", "properties": … }');
  const problems: string[] = [];
  walk(schema, 'params', 1, problems);
  if (problems.length)
    throw validationError(
      `Invalid params schema — ${problems[0]}`,
      problems.map((message) => ({ field: 'params', message })),
    );
  return schema;
}

function walk(s: ParamSchema, path: string, depth: number, problems: string[]): void {
  if (depth > SCHEMA_LIMITS.depth) problems.push(`${path}: nested deeper than ${SCHEMA_LIMITS.depth} levels`);
  const only = (keys: Array<keyof ParamSchema>, types: ParamSchema['type'][]) => {
    for (const k of keys)
      if (s[k] !== undefined && !types.includes(s.type)) problems.push(`${path}: ${k} does not apply to type ${s.type}`);
  };
  only(['minLength', 'maxLength', 'pattern'], ['string']);
  only(['minimum', 'maximum'], ['number', 'integer']);
  only(['items', 'minItems', 'maxItems'], ['array']);
  only(['properties', 'required', 'additionalProperties'], ['object']);
  if (s.type === 'array' && !s.items) problems.push(`${path}: an array needs items`);
  for (const value of s.enum ?? []) {
    const type = typeof value === 'number' ? (Number.isInteger(value) ? ['number', 'integer'] : ['number']) : [typeof value];
    if (!type.includes(s.type)) problems.push(`${path}: enum value ${JSON.stringify(value)} is not of type ${s.type}`);
  }
  for (const name of s.required ?? []) if (!s.properties?.[name]) problems.push(`${path}: required names ${name}, which is not a property`);
  for (const [name, child] of Object.entries(s.properties ?? {})) walk(child, `${path}.${name}`, depth + 1, problems);
  if (s.items) walk(s.items, `${path}[]`, depth + 1, problems);
}

/** The zod schema arguments are validated with: objects are strict (unknown arguments refused). */
export function zodOf(s: ParamSchema): z.ZodType {
  if (s.enum) return z.literal(s.enum as [string | number | boolean, ...Array<string | number | boolean>]);
  switch (s.type) {
    case 'string': {
      let t = z.string().max(s.maxLength ?? DEFAULT_MAX_LENGTH);
      if (s.minLength !== undefined) t = t.min(s.minLength);
      if (s.pattern !== undefined) t = t.regex(new RegExp(s.pattern, 'u'), `must match ${s.pattern}`);
      return t;
    }
    case 'number':
    case 'integer': {
      let t = s.type === 'integer' ? z.number().int() : z.number();
      if (s.minimum !== undefined) t = t.min(s.minimum);
      if (s.maximum !== undefined) t = t.max(s.maximum);
      return t;
    }
    case 'boolean':
      return z.boolean();
    case 'array':
      return z
        .array(zodOf(s.items!))
        .min(s.minItems ?? 0)
        .max(s.maxItems ?? SCHEMA_LIMITS.maxItems);
    case 'object': {
      const required = new Set(s.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, child]) => [k, required.has(k) ? zodOf(child) : zodOf(child).optional()]),
      );
      return z.strictObject(shape);
    }
  }
}

/** Validates a tool's arguments against its schema: VALIDATION_ERROR naming each problem under `params`. */
export function validateArguments(s: ParamSchema, args: unknown): Record<string, unknown> {
  const parsed = zodOf(s).safeParse(args ?? {});
  if (!parsed.success) throw fromZodError(parsed.error, 'params');
  return parsed.data as Record<string, unknown>;
}
