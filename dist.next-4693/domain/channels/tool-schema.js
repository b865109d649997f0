import { z } from "zod";
import { fromZodError, validationError } from "../../errors.js";
const SCHEMA_LIMITS = { bytes: 8192, depth: 4, properties: 30, enum: 50, pattern: 100, maxLength: 1e4, maxItems: 100 };
const DEFAULT_MAX_LENGTH = 2e3;
const count = (max) => z.number().int().min(0).max(max);
const propertyName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,62}$/, "property names are identifiers (letters, digits, _)");
const node = z.lazy(
  () => z.strictObject({
    type: z.enum(["string", "number", "integer", "boolean", "object", "array"]),
    description: z.string().max(300).optional(),
    enum: z.array(z.union([z.string().max(200), z.number(), z.boolean()])).min(1).max(SCHEMA_LIMITS.enum).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minLength: count(SCHEMA_LIMITS.maxLength).optional(),
    maxLength: count(SCHEMA_LIMITS.maxLength).optional(),
    pattern: z.string().max(SCHEMA_LIMITS.pattern, `pattern is limited to ${SCHEMA_LIMITS.pattern} characters`).refine(compiles, "pattern is not a valid regular expression").optional(),
    items: node.optional(),
    minItems: count(SCHEMA_LIMITS.maxItems).optional(),
    maxItems: count(SCHEMA_LIMITS.maxItems).optional(),
    properties: z.record(propertyName, node).refine((p) => Object.keys(p).length <= SCHEMA_LIMITS.properties, `at most ${SCHEMA_LIMITS.properties} properties`).optional(),
    required: z.array(propertyName).max(SCHEMA_LIMITS.properties).optional(),
    additionalProperties: z.literal(false).optional()
  })
);
function compiles(pattern) {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}
function checkParamSchema(raw) {
  const size = JSON.stringify(raw ?? null).length;
  if (size > SCHEMA_LIMITS.bytes) {
    throw validationError(`params: the schema is ${size} bytes; at most ${SCHEMA_LIMITS.bytes} are allowed`, [
      { field: "params", message: "schema too large" }
    ]);
  }
  const parsed = node.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error, "params");
  const schema = parsed.data;
  if (schema.type !== "object") throw validationError('params: the top level must be { "type": "object", "properties": \u2026 }');
  const problems = [];
  walk(schema, "params", 1, problems);
  if (problems.length)
    throw validationError(
      `Invalid params schema \u2014 ${problems[0]}`,
      problems.map((message) => ({ field: "params", message }))
    );
  return schema;
}
function walk(s, path, depth, problems) {
  if (depth > SCHEMA_LIMITS.depth) problems.push(`${path}: nested deeper than ${SCHEMA_LIMITS.depth} levels`);
  const only = (keys, types) => {
    for (const k of keys)
      if (s[k] !== void 0 && !types.includes(s.type)) problems.push(`${path}: ${k} does not apply to type ${s.type}`);
  };
  only(["minLength", "maxLength", "pattern"], ["string"]);
  only(["minimum", "maximum"], ["number", "integer"]);
  only(["items", "minItems", "maxItems"], ["array"]);
  only(["properties", "required", "additionalProperties"], ["object"]);
  if (s.type === "array" && !s.items) problems.push(`${path}: an array needs items`);
  for (const value of s.enum ?? []) {
    const type = typeof value === "number" ? Number.isInteger(value) ? ["number", "integer"] : ["number"] : [typeof value];
    if (!type.includes(s.type)) problems.push(`${path}: enum value ${JSON.stringify(value)} is not of type ${s.type}`);
  }
  for (const name of s.required ?? []) if (!s.properties?.[name]) problems.push(`${path}: required names ${name}, which is not a property`);
  for (const [name, child] of Object.entries(s.properties ?? {})) walk(child, `${path}.${name}`, depth + 1, problems);
  if (s.items) walk(s.items, `${path}[]`, depth + 1, problems);
}
function zodOf(s) {
  if (s.enum) return z.literal(s.enum);
  switch (s.type) {
    case "string": {
      let t = z.string().max(s.maxLength ?? DEFAULT_MAX_LENGTH);
      if (s.minLength !== void 0) t = t.min(s.minLength);
      if (s.pattern !== void 0) t = t.regex(new RegExp(s.pattern, "u"), `must match ${s.pattern}`);
      return t;
    }
    case "number":
    case "integer": {
      let t = s.type === "integer" ? z.number().int() : z.number();
      if (s.minimum !== void 0) t = t.min(s.minimum);
      if (s.maximum !== void 0) t = t.max(s.maximum);
      return t;
    }
    case "boolean":
      return z.boolean();
    case "array":
      return z.array(zodOf(s.items)).min(s.minItems ?? 0).max(s.maxItems ?? SCHEMA_LIMITS.maxItems);
    case "object": {
      const required = new Set(s.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, child]) => [k, required.has(k) ? zodOf(child) : zodOf(child).optional()])
      );
      return z.strictObject(shape);
    }
  }
}
function validateArguments(s, args) {
  const parsed = zodOf(s).safeParse(args ?? {});
  if (!parsed.success) throw fromZodError(parsed.error, "params");
  return parsed.data;
}
export {
  SCHEMA_LIMITS,
  checkParamSchema,
  validateArguments,
  zodOf
};
//# sourceMappingURL=tool-schema.js.map
