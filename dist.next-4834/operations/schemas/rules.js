import { z } from "zod";
import { TRIGGER_TYPES } from "../../domain/rules/rule.types.js";
import { timestamp } from "../core/schemas.js";
const object = z.record(z.string(), z.unknown());
const finding = z.strictObject({ id: z.string(), message: z.string(), severity: z.enum(["error", "warning", "info"]) });
const businessRuleOutput = z.strictObject({
  id: z.string(),
  entityName: z.string(),
  name: z.string(),
  triggerType: z.enum(TRIGGER_TYPES),
  triggerFields: z.array(z.string()),
  ruleDsl: z.strictObject({
    compute: object,
    validate: z.array(
      z.strictObject({ id: z.string(), condition: z.string(), message: z.string(), severity: z.enum(["error", "warning", "info"]) })
    ),
    transform: object,
    actions: z.array(z.strictObject({ type: z.literal("update_related"), entity: z.string(), recordId: z.string(), data: object }))
  }),
  status: z.enum(["draft", "published"]),
  publishedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp
});
const businessRuleListOutput = z.array(businessRuleOutput);
const ruleTestOutput = z.strictObject({
  computedValues: object,
  transformedValues: object,
  errors: z.array(finding),
  warnings: z.array(finding),
  actions: z.array(
    z.strictObject({ type: z.literal("update_related"), entity: z.string(), recordId: z.string().nullable(), data: object })
  ),
  record: object
});
const ruleRunPageOutput = z.strictObject({
  data: z.array(
    z.strictObject({
      id: z.string(),
      ruleId: z.string(),
      ruleName: z.string(),
      entityName: z.string(),
      recordId: z.string().nullable(),
      operation: z.enum(["create", "update"]),
      triggerType: z.string(),
      actor: z.strictObject({ kind: z.string(), id: z.string() }).nullable(),
      inputs: object,
      outputs: object,
      validation: z.strictObject({ result: z.enum(["passed", "warning", "info"]), findings: z.array(finding) }),
      durationMs: z.number(),
      createdAt: timestamp
    })
  ),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int()
});
export {
  businessRuleListOutput,
  businessRuleOutput,
  ruleRunPageOutput,
  ruleTestOutput
};
//# sourceMappingURL=rules.js.map
