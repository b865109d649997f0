import { matchField, PhraseFailure, requireField, type PhraseContext, type Piece } from './phrase-context.js';
import { readCount, readValue } from './phrase-values.js';
import { sentence, type Sentence } from './sentence-text.js';

const F = '(?<f>[\\p{L}\\p{N}_][\\p{L}\\p{N}_ ]*?)';
const re = (source: string) => new RegExp(`^${source}$`, 'u');

const LOWER = 'lowercase|lower case|lower-case|lowercased|small letters|minusculas|minuscula';
const UPPER = 'uppercase|upper case|upper-case|uppercased|capital letters|all caps|mayusculas|mayuscula';
const VERB =
  '(?:(?:convert|change|put|store|save|keep|write|make|set|turn|convertir|convierte|poner|pon|pasar|pasa|guardar|guarda|dejar|escribir|transformar)(?: siempre)? )?';
const LINK =
  '(?:(?:(?:must|should|will|shall|always)(?: always)? )?(?:be |be stored |be saved |be kept |be written |ser |estar |ir |debe estar |debe ir |deben estar |debe guardarse |se guarda |se guarda siempre |siempre |va |van |is |are |esta |estan ))?';

function letterCase(ctx: PhraseContext, s: Sentence): Piece | undefined {
  const m = matchField(ctx, s, [
    re(`${VERB}${F} ${LINK}(?:(?:in|to|into|as|en|a|como) )?(?<t>${LOWER}|${UPPER})`),
    re(
      `(?:(?:convert|change|put|store|convertir|poner|pasar|guardar) )?(?:(?:to|in|en|a) )?(?<t>${LOWER}|${UPPER}) (?:(?:for|on|of|para|de|del|en) )?${F}`,
    ),
  ]);
  if (!m) return undefined;
  const type = new RegExp(`^(?:${LOWER})$`).test(sentence(m.t!).folded) ? 'lowercase' : 'uppercase';
  return { kind: 'transform', field: requireField(ctx, m.f!).fieldKey, spec: { type } };
}

const SPACES = '(?:leading and trailing |surrounding |extra |the )?(?:spaces|whitespace|white space|blanks)';
const ESPACIOS = '(?:los )?espacios(?: sobrantes| en blanco| al principio y al final| de los extremos)?';
const FROM = '(?:from|of|in|around|de|del|en|a|al)';

function trim(ctx: PhraseContext, s: Sentence): Piece | undefined {
  const m = matchField(ctx, s, [
    re(`(?:trim|strip|recortar|recorta)(?: ${SPACES}| ${ESPACIOS})?(?: ${FROM})? ${F}`),
    re(`(?:remove|delete|quitar|quita|eliminar|elimina|limpiar|limpia)(?: ${SPACES}| ${ESPACIOS}) ${FROM} ${F}`),
    re(
      `${F} ${LINK}(?:trimmed|without (?:leading or trailing |extra |surrounding )?spaces|sin espacios(?: sobrantes| al principio ni al final| en los extremos)?|recortad[oa])`,
    ),
  ]);
  if (!m) return undefined;
  return { kind: 'transform', field: requireField(ctx, m.f!).fieldKey, spec: { type: 'trim' } };
}

const DECIMALS = '(?:decimals?|decimal places?|places|digits|decimales|cifras decimales|digitos)';
const WHOLE = '(?:the nearest (?:integer|whole number|unit)|(?:an? |un )?(?:integer|whole number|entero|unidades?)|el entero mas cercano)';

function round(ctx: PhraseContext, s: Sentence): Piece | undefined {
  const m = matchField(ctx, s, [
    re(`(?:round|redondear|redondea)(?: off)? ${F}(?: (?:to|a|con) (?:(?<n>\\d+) ${DECIMALS}|${WHOLE}))?`),
    re(`${F} ${LINK}(?:rounded|redondead[oa]) (?:to|a|con) (?<n>\\d+) ${DECIMALS}`),
    re(`${F} (?:with|con|to|a) (?<n>\\d+) ${DECIMALS}`),
  ]);
  if (!m) return undefined;
  const decimals = m.n === undefined ? 0 : readCount(m.n, 'the number of decimals');
  if (decimals > 15) throw new PhraseFailure('round takes at most 15 decimals');
  return { kind: 'transform', field: requireField(ctx, m.f!).fieldKey, spec: { type: 'round', decimals } };
}

function defaultValue(ctx: PhraseContext, s: Sentence): Piece | undefined {
  const m = matchField(ctx, s, [
    re(
      `${F} (?:defaults to|default(?:s)? is|has (?:a )?default(?: value)? of|por defecto(?: es| vale| sera)?|tiene por defecto|vale por defecto|toma por defecto) (?<v>.+)`,
    ),
    re(`(?:default|set the default of|set default of|by default,?) ${F} (?:to|is|=) (?<v>.+)`),
    re(`(?:the )?default(?: value)? (?:of|for) ${F} (?:is|=|:) (?<v>.+)`),
    re(`(?:el )?valor por defecto (?:de|del|para) ${F} (?:es|=|:) (?<v>.+)`),
    re(`(?:if|when|si|cuando) ${F} (?:is empty|esta vaci[oa]),? (?:use|set it to|set to|usar|poner|pon) (?<v>.+)`),
  ]);
  if (!m) return undefined;
  const field = requireField(ctx, m.f!);
  const value = readValue(ctx, m.v!);
  if (!value || value.field || value.dsl.endsWith('()')) {
    throw new PhraseFailure(`a default is a fixed value (text, number, true or false), not "${m.v}"`);
  }
  return { kind: 'transform', field: field.fieldKey, spec: { type: 'default', value: literalOf(value.dsl) } };
}

/** The JSON value of a literal readValue wrote. */
function literalOf(dsl: string): string | number | boolean {
  if (dsl === 'true' || dsl === 'false') return dsl === 'true';
  if (dsl.startsWith("'")) return dsl.slice(1, -1).replace(/\\(.)/g, '$1');
  return Number(dsl);
}

/** Transform phrasings. */
export const TRANSFORM_PHRASES = [letterCase, trim, round, defaultValue];
