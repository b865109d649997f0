import { z } from 'zod';

/**
 * Schema pieces shared by the catalogue. Timestamps are Date objects in the service and ISO 8601
 * strings on the wire; `timestamp` accepts both and is documented as a date-time string.
 */
export const timestamp = z.custom<Date | string>((v) => v instanceof Date || typeof v === 'string', {
  error: 'must be a timestamp',
});

/** Query-string integers arrive as text: a string of digits becomes a number, anything else stays and fails. */
export const integer = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: `${name} must be an integer` }).int(`${name} must be an integer`),
  );

/** Query-string booleans: true/false (or 1/0). */
export const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'must be true or false' }),
);

/** A JSON object whose keys are data (field values, metadata): checked without copying, so `__proto__` stays an own key. */
export const plainObject = <T = Record<string, unknown>>(message: string) =>
  z.custom<T>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: message });

/** `{ id, deleted: true }`, the answer of every delete. */
export const deleted = z.strictObject({ id: z.string(), deleted: z.literal(true) });

export type JsonSchema = Record<string, unknown>;

/**
 * A schema as JSON Schema, for OpenAPI and MCP alike: `io: 'input'` is what a client may send
 * (defaults make properties optional), `output` what it receives. Timestamps are date-time strings.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema === timestamp) {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}
