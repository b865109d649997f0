import { z } from "zod";
const timestamp = z.custom((v) => v instanceof Date || typeof v === "string", {
  error: "must be a timestamp"
});
const integer = (name) => z.preprocess(
  (v) => typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v,
  z.number({ error: `${name} must be an integer` }).int(`${name} must be an integer`)
);
const flag = z.preprocess(
  (v) => v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v,
  z.boolean({ error: "must be true or false" })
);
const plainObject = (message) => z.custom((v) => typeof v === "object" && v !== null && !Array.isArray(v), { error: message });
const deleted = z.strictObject({ id: z.string(), deleted: z.literal(true) });
function jsonSchemaOf(schema, io) {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      if (ctx.zodSchema === timestamp) {
        ctx.jsonSchema.type = "string";
        ctx.jsonSchema.format = "date-time";
      }
    }
  });
  delete json.$schema;
  return json;
}
export {
  deleted,
  flag,
  integer,
  jsonSchemaOf,
  plainObject,
  timestamp
};
//# sourceMappingURL=schemas.js.map
