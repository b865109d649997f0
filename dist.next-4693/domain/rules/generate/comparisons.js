import { readValue, requireField } from "./phrase-values.js";
import { captures, sentence } from "./sentence-text.js";
const COMPARATORS = [
  ["greater than or equal to", ">="],
  ["greater than or equal", ">="],
  ["more than or equal to", ">="],
  ["mayor o igual que", ">="],
  ["mayor o igual a", ">="],
  ["less than or equal to", "<="],
  ["less than or equal", "<="],
  ["menor o igual que", "<="],
  ["menor o igual a", "<="],
  ["no less than", ">="],
  ["no more than", "<="],
  ["no greater than", "<="],
  ["at least", ">="],
  ["at most", "<="],
  ["up to", "<="],
  ["al menos", ">="],
  ["como minimo", ">="],
  ["minimo", ">="],
  ["como maximo", "<="],
  ["como mucho", "<="],
  ["a lo sumo", "<="],
  ["maximo", "<="],
  ["greater than", ">"],
  ["more than", ">"],
  ["bigger than", ">"],
  ["higher than", ">"],
  ["larger than", ">"],
  ["above", ">"],
  ["over", ">"],
  ["mayor que", ">"],
  ["mayor a", ">"],
  ["superior a", ">"],
  ["less than", "<"],
  ["smaller than", "<"],
  ["lower than", "<"],
  ["below", "<"],
  ["under", "<"],
  ["menor que", "<"],
  ["menor a", "<"],
  ["inferior a", "<"],
  ["later than", ">"],
  ["after", ">"],
  ["posterior a", ">"],
  ["despues de", ">"],
  ["earlier than", "<"],
  ["before", "<"],
  ["anterior a", "<"],
  ["antes de", "<"],
  ["different from", "!="],
  ["not equal to", "!="],
  ["other than", "!="],
  ["distinto de", "!="],
  ["distinta de", "!="],
  ["diferente de", "!="],
  ["diferente a", "!="],
  ["equal to", "="],
  ["igual a", "="],
  [">=", ">="],
  ["<=", "<="],
  ["!=", "!="],
  ["==", "="],
  [">", ">"],
  ["<", "<"]
];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const COMPARATOR_PATTERN = COMPARATORS.map(([words]) => escape(words)).join("|");
const comparatorOf = (words) => COMPARATORS.find(([w]) => w === sentence(words).folded)[1];
const IS = "(?:is|are|=|equals|es|son|sea|esta|vale)";
const IS_NOT = "(?:is not|isn't|are not|!=|no es|no sea|no esta)";
const SET = "(?:is set|is filled(?: in)?|is not empty|has a value|is present|is given|esta informad[oa]|esta rellen[oa]|no esta vaci[oa]|tiene (?:un )?valor)";
const EMPTY = "(?:is empty|is not set|is blank|is missing|esta vaci[oa]|no esta informad[oa]|no tiene valor)";
const F = "(?<f>[\\p{L}\\p{N}_][\\p{L}\\p{N}_ ]*?)";
function readCondition(ctx, text) {
  const s = sentence(text);
  const set = captures(s, new RegExp(`^${F} ${SET}$`, "u"));
  if (set) return `len(trim(${requireField(ctx, set.f).fieldKey})) > 0`;
  const empty = captures(s, new RegExp(`^${F} ${EMPTY}$`, "u"));
  if (empty) return `len(trim(${requireField(ctx, empty.f).fieldKey})) = 0`;
  const compared = captures(s, new RegExp(`^${F} (?:is |es |esta )?(?<c>${COMPARATOR_PATTERN}) (?<v>.+)$`, "u"));
  const named = compared && ctx.field(compared.f);
  if (compared && named) {
    const value = readValue(ctx, compared.v);
    if (value) return `${named.fieldKey} ${comparatorOf(compared.c)} ${value.dsl}`;
  }
  const not = captures(s, new RegExp(`^${F} ${IS_NOT} (?<v>.+)$`, "u"));
  const notField = not && ctx.field(not.f);
  if (not && notField) {
    const value = readValue(ctx, not.v);
    if (value) return `${notField.fieldKey} != ${value.dsl}`;
  }
  const is = captures(s, new RegExp(`^${F} ${IS} (?<v>.+)$`, "u"));
  const isField = is && ctx.field(is.f);
  if (is && isField) {
    const value = readValue(ctx, is.v);
    if (value) return `${isField.fieldKey} = ${value.dsl}`;
  }
  const alone = ctx.field(text);
  if (alone) return alone.fieldType === "boolean" ? `${alone.fieldKey} = true` : `len(trim(${alone.fieldKey})) > 0`;
  const parts = text.split(/\s+(?:and|y)\s+/i);
  if (parts.length > 1) {
    const read = parts.map((p) => readCondition(ctx, p));
    if (read.every((r) => r !== void 0)) return read.join(" and ");
  }
  return void 0;
}
export {
  COMPARATORS,
  COMPARATOR_PATTERN,
  comparatorOf,
  readCondition
};
//# sourceMappingURL=comparisons.js.map
