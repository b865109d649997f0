import { COMPARATOR_PATTERN, comparatorOf, readCondition } from "./comparisons.js";
import { matchField, PhraseFailure, requireField } from "./phrase-context.js";
import { readValue, unlessEmpty } from "./phrase-values.js";
import { asMessage, slug } from "./sentence-text.js";
const F = "(?<f>[\\p{L}\\p{N}_][\\p{L}\\p{N}_ ]*?)";
const MUST = "(?:(?:must|should|shall|has to|have to|needs to|need to|will|can only|may only)(?: always)? be |is |are |(?:must|should|has to) have |(?:debe|deben|tiene que|tienen que|ha de|han de)(?: siempre)? (?:ser|estar|tener) |es |son |esta |tiene )?";
const REQUIRED_EN = "(?:is|are|must be|should be|is always|will be) (?:required|mandatory|obligatory|compulsory)";
const REQUIRED_ES = "(?:es|son|debe ser|sera|es siempre) (?:obligatori[oa]s?|requerid[oa]s?|necesari[oa]s?|imprescindibles?)";
const FILLED = "(?:must (?:be filled(?: in)?|be set|be given|be provided|not be empty|have a value)|cannot be empty|can't be empty|no puede (?:estar|quedar) vaci[oa]|debe (?:estar (?:rellen[oa]|informad[oa])|rellenarse|tener (?:un )?valor))";
const WHEN = "(?:when|if|whenever|cuando|si)";
const re = (source) => new RegExp(`^${source}$`, "u");
const LENGTH_UNIT = "(?:characters|chars|letters|caracteres|letras)";
const present = (key) => `len(trim(${key})) > 0`;
function required(ctx, s) {
  const m = matchField(ctx, s, [
    re(`${F} (?:${REQUIRED_EN}|${REQUIRED_ES}|${FILLED})(?: ${WHEN} (?<cond>.+))?`),
    re(`${WHEN} (?<cond>.+?),? ${F} (?:${REQUIRED_EN}|${REQUIRED_ES}|${FILLED})`)
  ]);
  if (!m) return void 0;
  const field = requireField(ctx, m.f);
  if (m.cond === void 0) {
    return { kind: "validate", id: `${field.fieldKey}_required`, condition: present(field.fieldKey), message: asMessage(s.text) };
  }
  const condition = readCondition(ctx, m.cond) ?? asExpression(ctx, m.cond);
  return {
    kind: "validate",
    id: `${field.fieldKey}_required_when`,
    condition: `not (${condition}) or ${present(field.fieldKey)}`,
    message: asMessage(s.text)
  };
}
function asExpression(ctx, text) {
  const compiled = ctx.compile(text);
  if ("error" in compiled) throw new PhraseFailure(`could not read the condition "${text}": ${compiled.error}`);
  return text;
}
const NOT_NEGATIVE = "(?:must not|cannot|can't|can not|should not|may not|no puede|no debe|no pueden|no deben) (?:be|ser) (?:negative|negativ[oa]s?)";
function sign(ctx, s) {
  const positive = matchField(ctx, s, [re(`${F} ${MUST}(?:positive|a positive number|positiv[oa]|un numero positivo)`)]);
  const m = positive ?? matchField(ctx, s, [
    re(`${F} ${MUST}(?:non-negative|not negative|no negativ[oa]|zero or more|cero o mas)`),
    re(`${F} ${NOT_NEGATIVE}`)
  ]);
  if (!m) return void 0;
  const key = requireField(ctx, m.f).fieldKey;
  return {
    kind: "validate",
    id: `${key}_${positive ? "positive" : "not_negative"}`,
    condition: unlessEmpty(ctx, [key], `${key} ${positive ? ">" : ">="} 0`),
    message: asMessage(s.text)
  };
}
function between(ctx, s) {
  const m = matchField(ctx, s, [re(`${F} ${MUST}(?:between|entre) (?<a>.+?) (?:and|y) (?<b>.+?)(?: (?<unit>${LENGTH_UNIT}))?`)]);
  if (!m) return void 0;
  const key = requireField(ctx, m.f).fieldKey;
  const [low, high] = [readValue(ctx, m.a), readValue(ctx, m.b)];
  if (!low || !high) throw new PhraseFailure(`could not read the bounds "${m.a}" and "${m.b}"`);
  const subject = m.unit ? `len(${key})` : key;
  return {
    kind: "validate",
    id: `${key}_between`,
    condition: unlessEmpty(ctx, [key, low.field, high.field], `${subject} >= ${low.dsl} and ${subject} <= ${high.dsl}`),
    message: asMessage(s.text)
  };
}
const OP_NAMES = { ">": "gt", ">=": "gte", "<": "lt", "<=": "lte", "=": "eq", "!=": "ne" };
function compared(ctx, s) {
  const m = matchField(ctx, s, [re(`${F} ${MUST}(?<c>${COMPARATOR_PATTERN}) (?<v>.+?)(?: (?<unit>${LENGTH_UNIT})(?: long| de largo)?)?`)]);
  if (!m) return void 0;
  const value = readValue(ctx, m.v);
  if (!value) return void 0;
  const key = requireField(ctx, m.f).fieldKey;
  const op = comparatorOf(m.c);
  const subject = m.unit ? `len(${key})` : key;
  if (m.unit && value.field) throw new PhraseFailure(`a length is compared with a number, not with the field ${value.field}`);
  return {
    kind: "validate",
    id: `${key}_${m.unit ? "length_" : ""}${OP_NAMES[op]}_${slug(value.field ?? m.v)}`,
    condition: unlessEmpty(ctx, [key, value.field], `${subject} ${op} ${value.dsl}`),
    message: asMessage(s.text)
  };
}
const VALIDATION_PHRASES = [required, sign, between, compared];
export {
  VALIDATION_PHRASES
};
//# sourceMappingURL=validation-phrases.js.map
