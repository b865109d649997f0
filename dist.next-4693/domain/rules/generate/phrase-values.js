import { PhraseFailure, requireField } from "./phrase-context.js";
import { isOperatorWord } from "./operator-words.js";
import { quote, sentence } from "./sentence-text.js";
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[t ][\d:.]+(?:z|[+-]\d{2}:?\d{2})?)?$/;
const WORDS = /^[\p{L}\p{N}_][\p{L}\p{N}_ -]*$/u;
const SPECIAL = {
  true: "true",
  false: "false",
  verdadero: "true",
  falso: "false",
  today: "today()",
  hoy: "today()",
  "la fecha de hoy": "today()",
  "today's date": "today()",
  now: "now()",
  ahora: "now()"
};
function readValue(ctx, text) {
  const raw = text.trim();
  const quoted = /^'([^']*)'$|^"([^"]*)"$/.exec(raw);
  if (quoted) return { dsl: quote(quoted[1] ?? quoted[2] ?? "") };
  const folded = sentence(raw).folded;
  if (NUMBER.test(folded)) return { dsl: String(Number(folded.replace(",", "."))) };
  if (Object.hasOwn(SPECIAL, folded)) return { dsl: SPECIAL[folded] };
  if (DATE.test(folded)) return { dsl: quote(raw) };
  const field = ctx.field(raw);
  if (field) return { dsl: field.fieldKey, field: field.fieldKey };
  const words = folded.split(" ");
  if (!WORDS.test(raw) || words.length > 1 && words.some((w) => isOperatorWord(w) || ctx.field(w))) return void 0;
  return { dsl: quote(raw) };
}
function readCount(text, what) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 1e6) throw new PhraseFailure(`${what} must be a whole number, got "${text}"`);
  return n;
}
function unlessEmpty(ctx, fields, condition) {
  const present = [...new Set(fields.filter((f) => f !== void 0))];
  return present.length ? `${present.map((f) => `${f} = null`).join(" or ")} or ${condition}` : condition;
}
export {
  readCount,
  readValue,
  requireField,
  unlessEmpty
};
//# sourceMappingURL=phrase-values.js.map
