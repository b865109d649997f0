import { matchField, PhraseFailure, requireField } from "./phrase-context.js";
import { readCount, readValue } from "./phrase-values.js";
import { sentence } from "./sentence-text.js";
const F = "(?<f>[\\p{L}\\p{N}_][\\p{L}\\p{N}_ ]*?)";
const re = (source) => new RegExp(`^${source}$`, "u");
const LOWER = "lowercase|lower case|lower-case|lowercased|small letters|minusculas|minuscula";
const UPPER = "uppercase|upper case|upper-case|uppercased|capital letters|all caps|mayusculas|mayuscula";
const VERB = "(?:(?:convert|change|put|store|save|keep|write|make|set|turn|convertir|convierte|poner|pon|pasar|pasa|guardar|guarda|dejar|escribir|transformar)(?: siempre)? )?";
const LINK = "(?:(?:(?:must|should|will|shall|always)(?: always)? )?(?:be |be stored |be saved |be kept |be written |ser |estar |ir |debe estar |debe ir |deben estar |debe guardarse |se guarda |se guarda siempre |siempre |va |van |is |are |esta |estan ))?";
function letterCase(ctx, s) {
  const m = matchField(ctx, s, [
    re(`${VERB}${F} ${LINK}(?:(?:in|to|into|as|en|a|como) )?(?<t>${LOWER}|${UPPER})`),
    re(
      `(?:(?:convert|change|put|store|convertir|poner|pasar|guardar) )?(?:(?:to|in|en|a) )?(?<t>${LOWER}|${UPPER}) (?:(?:for|on|of|para|de|del|en) )?${F}`
    )
  ]);
  if (!m) return void 0;
  const type = new RegExp(`^(?:${LOWER})$`).test(sentence(m.t).folded) ? "lowercase" : "uppercase";
  return { kind: "transform", field: requireField(ctx, m.f).fieldKey, spec: { type } };
}
const SPACES = "(?:leading and trailing |surrounding |extra |the )?(?:spaces|whitespace|white space|blanks)";
const ESPACIOS = "(?:los )?espacios(?: sobrantes| en blanco| al principio y al final| de los extremos)?";
const FROM = "(?:from|of|in|around|de|del|en|a|al)";
function trim(ctx, s) {
  const m = matchField(ctx, s, [
    re(`(?:trim|strip|recortar|recorta)(?: ${SPACES}| ${ESPACIOS})?(?: ${FROM})? ${F}`),
    re(`(?:remove|delete|quitar|quita|eliminar|elimina|limpiar|limpia)(?: ${SPACES}| ${ESPACIOS}) ${FROM} ${F}`),
    re(
      `${F} ${LINK}(?:trimmed|without (?:leading or trailing |extra |surrounding )?spaces|sin espacios(?: sobrantes| al principio ni al final| en los extremos)?|recortad[oa])`
    )
  ]);
  if (!m) return void 0;
  return { kind: "transform", field: requireField(ctx, m.f).fieldKey, spec: { type: "trim" } };
}
const DECIMALS = "(?:decimals?|decimal places?|places|digits|decimales|cifras decimales|digitos)";
const WHOLE = "(?:the nearest (?:integer|whole number|unit)|(?:an? |un )?(?:integer|whole number|entero|unidades?)|el entero mas cercano)";
function round(ctx, s) {
  const m = matchField(ctx, s, [
    re(`(?:round|redondear|redondea)(?: off)? ${F}(?: (?:to|a|con) (?:(?<n>\\d+) ${DECIMALS}|${WHOLE}))?`),
    re(`${F} ${LINK}(?:rounded|redondead[oa]) (?:to|a|con) (?<n>\\d+) ${DECIMALS}`),
    re(`${F} (?:with|con|to|a) (?<n>\\d+) ${DECIMALS}`)
  ]);
  if (!m) return void 0;
  const decimals = m.n === void 0 ? 0 : readCount(m.n, "the number of decimals");
  if (decimals > 15) throw new PhraseFailure("round takes at most 15 decimals");
  return { kind: "transform", field: requireField(ctx, m.f).fieldKey, spec: { type: "round", decimals } };
}
function defaultValue(ctx, s) {
  const m = matchField(ctx, s, [
    re(
      `${F} (?:defaults to|default(?:s)? is|has (?:a )?default(?: value)? of|por defecto(?: es| vale| sera)?|tiene por defecto|vale por defecto|toma por defecto) (?<v>.+)`
    ),
    re(`(?:default|set the default of|set default of|by default,?) ${F} (?:to|is|=) (?<v>.+)`),
    re(`(?:the )?default(?: value)? (?:of|for) ${F} (?:is|=|:) (?<v>.+)`),
    re(`(?:el )?valor por defecto (?:de|del|para) ${F} (?:es|=|:) (?<v>.+)`),
    re(`(?:if|when|si|cuando) ${F} (?:is empty|esta vaci[oa]),? (?:use|set it to|set to|usar|poner|pon) (?<v>.+)`)
  ]);
  if (!m) return void 0;
  const field = requireField(ctx, m.f);
  const value = readValue(ctx, m.v);
  if (!value || value.field || value.dsl.endsWith("()")) {
    throw new PhraseFailure(`a default is a fixed value (text, number, true or false), not "${m.v}"`);
  }
  return { kind: "transform", field: field.fieldKey, spec: { type: "default", value: literalOf(value.dsl) } };
}
function literalOf(dsl) {
  if (dsl === "true" || dsl === "false") return dsl === "true";
  if (dsl.startsWith("'")) return dsl.slice(1, -1).replace(/\\(.)/g, "$1");
  return Number(dsl);
}
const TRANSFORM_PHRASES = [letterCase, trim, round, defaultValue];
export {
  TRANSFORM_PHRASES
};
//# sourceMappingURL=transform-phrases.js.map
