import { AppError, validationError } from "../../../errors.js";
import { EXPRESSION_FUNCTIONS } from "../dsl/index.js";
import { GENERATED_RULE_JSON_SCHEMA } from "./rule-json-schema.js";
function systemPrompt(entityName, fields) {
  const functions = EXPRESSION_FUNCTIONS.map((f) => f.signature).join(", ");
  const fieldList = fields.map((f) => `- ${f.fieldKey} (${f.fieldType})${f.name !== f.fieldKey ? `: ${f.name}` : ""}`).join("\n");
  return [
    "You turn a description of a business rule into one Tenantbase business rule, answered as JSON of the given schema and nothing else.",
    'ruleDsl sections: compute (target field \u2192 { type: "formula", expression } or conditional/lookup/aggregate), validate ([{ id, condition, message, severity }]; the record is refused when condition is false), transform (field \u2192 { type: lowercase | uppercase | trim | round (decimals) | default (value) }).',
    "triggerType: before_save (every save) or field_change (with triggerFields: the fields whose change runs it).",
    `Expressions: field keys, numbers, 'strings', true false null, + - * / % ^, = != > >= < <=, and or not, parentheses, and only these functions: ${functions}. No methods, no member access.`,
    "Use the field keys exactly as listed; the message of a validation is written in the language of the description.",
    `Entity "${entityName}" fields:
${fieldList || "(none)"}`
  ].join("\n");
}
function refusalText(error) {
  const problems = (error.details ?? []).map(
    (d) => `- ${d.field ?? "rule"}${typeof d.position === "number" ? ` at position ${d.position}` : ""}: ${d.message}`
  );
  return [`That rule was refused: ${error.message}`, ...problems, "Answer the corrected rule as JSON of the same schema."].join("\n");
}
function parseAnswer(text) {
  const unfenced = text.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");
  try {
    return JSON.parse(unfenced);
  } catch {
    throw validationError("the answer is not JSON", [{ field: "rule", message: "the answer is not JSON" }]);
  }
}
async function ruleFromLlm(request) {
  const messages = [
    { role: "system", content: systemPrompt(request.entityName, request.fields) },
    { role: "user", content: request.description }
  ];
  const schema = { name: "business_rule", schema: GENERATED_RULE_JSON_SCHEMA };
  for (let attempt = 1; ; attempt++) {
    const answer = await request.chat.complete(messages, schema);
    try {
      return { result: await request.check(parseAnswer(answer)), attempts: attempt };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "VALIDATION_ERROR") throw error;
      if (attempt === 2) {
        throw validationError(
          `The language model's rule was refused twice; nothing was stored. Last refusal: ${error.message}`,
          error.details
        );
      }
      messages.push({ role: "assistant", content: answer }, { role: "user", content: refusalText(error) });
    }
  }
}
export {
  ruleFromLlm,
  systemPrompt
};
//# sourceMappingURL=llm-rule.js.map
