import { z } from "zod";
const expression = z.string().describe('An expression over the entity fields, e.g. "cantidad * precio"');
const compute = z.union([
  z.object({ type: z.literal("formula"), expression }),
  z.object({
    type: z.literal("conditional"),
    conditions: z.array(z.object({ when: expression, then: expression })),
    default: expression.optional()
  }),
  z.object({
    type: z.literal("lookup"),
    entity: z.string(),
    matchField: z.string().describe('Field of the other entity, or "id"'),
    matchValue: z.string().describe("Field of this record holding the value to match"),
    resultField: z.string()
  }),
  z.object({
    type: z.literal("aggregate"),
    entity: z.string(),
    aggregateOp: z.enum(["count", "sum", "avg", "min", "max"]),
    field: z.string().optional().describe("Field of the other entity; every op but count needs it"),
    filter: z.record(z.string(), z.string()).describe("Field of the other entity \u2192 field of this record")
  })
]);
const transform = z.union([
  z.object({ type: z.enum(["lowercase", "uppercase", "trim"]) }),
  z.object({ type: z.literal("round"), decimals: z.number().int().min(0).max(15) }),
  z.object({ type: z.literal("default"), value: z.union([z.string(), z.number(), z.boolean()]) })
]);
const generatedRuleSchema = z.object({
  name: z.string().describe("A short name of the rule"),
  triggerType: z.enum(["before_save", "field_change", "after_save"]),
  triggerFields: z.array(z.string()).describe("field_change: the fields whose change runs the rule"),
  ruleDsl: z.object({
    compute: z.record(z.string(), compute).optional().describe("Target field \u2192 how it is computed"),
    validate: z.array(
      z.object({
        id: z.string(),
        condition: expression.describe("Must be true for the record to be saved"),
        message: z.string(),
        severity: z.enum(["error", "warning", "info"])
      })
    ).optional(),
    transform: z.record(z.string(), transform).optional().describe("Field \u2192 transformation of its value")
  })
});
const GENERATED_RULE_JSON_SCHEMA = (() => {
  const json = z.toJSONSchema(generatedRuleSchema, { io: "input" });
  delete json.$schema;
  return Object.freeze(json);
})();
export {
  GENERATED_RULE_JSON_SCHEMA,
  generatedRuleSchema
};
//# sourceMappingURL=rule-json-schema.js.map
