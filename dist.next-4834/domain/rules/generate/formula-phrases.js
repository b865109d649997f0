import { FUNCTION_NAMES } from "../dsl/index.js";
import { PhraseFailure, requireField } from "./phrase-context.js";
import { OPERATOR_WORDS } from "./operator-words.js";
import { captures, quote, sentence } from "./sentence-text.js";
function tokenize(s) {
  const tokens = [];
  const re = /\s*(?:(?<str>'[^']*'|"[^"]*")|(?<num>\d+(?:[.,]\d+)?)|(?<word>[\p{L}_][\p{L}\p{N}_]*)|(?<sym>[<>!=]=|[-+*/%^(),<>=×÷]))/uy;
  let at = 0;
  while (at < s.folded.length) {
    re.lastIndex = at;
    const m = re.exec(s.folded);
    if (!m?.groups) throw new PhraseFailure(`could not read "${s.text.slice(at).trim()}"`);
    const g = m.groups;
    if (g.str !== void 0) {
      const start = m.index + m[0].length - g.str.length;
      tokens.push({ t: "str", v: s.text.slice(start + 1, start + g.str.length - 1) });
    } else if (g.num !== void 0) tokens.push({ t: "num", v: g.num.replace(",", ".") });
    else if (g.word !== void 0) tokens.push({ t: "word", v: g.word });
    else tokens.push({ t: "sym", v: g.sym === "\xD7" ? "*" : g.sym === "\xF7" ? "/" : g.sym });
    at = re.lastIndex;
    if (/^\s*$/.test(s.folded.slice(at))) break;
  }
  return tokens;
}
const KEYWORDS = /* @__PURE__ */ new Set(["true", "false", "null", "and", "or", "not"]);
const ARTICLES = /* @__PURE__ */ new Set(["the", "el", "la", "los", "las", "of", "de", "del"]);
const startsWith = (words, i, phrase) => phrase.every((p, j) => words[i + j] === p);
function aggregateWords(tokens) {
  const words = tokens.map((t) => t.t === "word" ? t.v : "");
  let i = ARTICLES.has(words[0] ?? "") ? 1 : 0;
  const op = words[i] === "sum" || words[i] === "suma" ? "+" : words[i] === "product" || words[i] === "producto" ? "*" : null;
  if (!op || !ARTICLES.has(words[i + 1] ?? "")) return tokens;
  i += 2;
  return tokens.slice(i).map(
    (t) => t.t === "word" && (t.v === "and" || t.v === "y" || t.v === "e") || t.t === "sym" && t.v === "," ? { t: "sym", v: op } : t
  );
}
function percentages(tokens) {
  const out = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens.slice(i + 1, i + 4).map((x) => x.v);
    const span = next[0] === "%" && (next[1] === "of" || next[1] === "de") ? 2 : next[0] === "percent" && next[1] === "of" ? 2 : next[0] === "por" && next[1] === "ciento" && next[2] === "de" ? 3 : 0;
    if (t.t === "num" && span) {
      out.push({ t: "sym", v: "(" }, t, { t: "sym", v: "/" }, { t: "num", v: "100" }, { t: "sym", v: ")" }, { t: "sym", v: "*" });
      i += span;
    } else out.push(t);
  }
  return out;
}
function resolveWords(ctx, tokens) {
  const out = [];
  let run = [];
  const flush = () => {
    let i = 0;
    let pending = [];
    const field = () => {
      if (pending.every((w) => ARTICLES.has(w))) {
        pending = [];
        return;
      }
      const words = pending.join(" ");
      out.push(requireField(ctx, words).fieldKey);
      pending = [];
    };
    while (i < run.length) {
      const op = OPERATOR_WORDS.find(([phrase]) => startsWith(run, i, phrase));
      if (op) {
        field();
        out.push(op[1]);
        i += op[0].length;
      } else {
        pending.push(run[i]);
        i += 1;
      }
    }
    field();
    run = [];
  };
  tokens.forEach((t, i) => {
    if (t.t === "word") {
      const callee = tokens[i + 1]?.v === "(" && FUNCTION_NAMES.includes(t.v);
      if (callee || KEYWORDS.has(t.v)) {
        flush();
        out.push(t.v);
      } else run.push(t.v);
      return;
    }
    flush();
    out.push(t.t === "str" ? quote(t.v) : t.v);
  });
  flush();
  return out;
}
function readFormula(ctx, text) {
  const direct = ctx.compile(text);
  if ("reads" in direct) return { expression: text, reads: direct.reads };
  const expression = resolveWords(ctx, percentages(aggregateWords(tokenize(sentence(text))))).join(" ");
  const compiled = ctx.compile(expression);
  if ("error" in compiled) throw new PhraseFailure(`could not read the formula "${text}" (as ${expression}): ${compiled.error}`);
  return { expression, reads: compiled.reads };
}
const F = "(?<f>[\\p{L}\\p{N}_][\\p{L}\\p{N}_ ]*?)";
const CALC = "(?:(?:calculate|compute|set|calcular|calcula|computar|fijar|fija|poner|pon) )?";
function formula(ctx, s, m) {
  const target = requireField(ctx, m.f).fieldKey;
  const { expression, reads } = readFormula(ctx, m.e);
  if (reads.includes(target)) throw new PhraseFailure(`${target} cannot be computed from itself (${expression})`, true);
  return { kind: "compute", field: target, expression, reads };
}
function assignment(ctx, s) {
  const m = captures(s, new RegExp(`^${CALC}${F} ?(?:=(?!=)|:=) ?(?<e>.+)$`, "u"));
  return m && ctx.field(m.f) ? formula(ctx, s, m) : void 0;
}
function wordedFormula(ctx, s) {
  const m = captures(
    s,
    new RegExp(
      `^${CALC}${F} (?:is calculated as|is computed as|is the result of|is equal to|equals|should be|must be|will be|is|as|to|es igual a|se calcula como|es|sera|vale|igual a|como|a)(?: (?:always|siempre))? (?<e>.+)$`,
      "u"
    )
  );
  return m && ctx.field(m.f) ? formula(ctx, s, m) : void 0;
}
const ASSIGNMENT_PHRASES = [assignment];
const WORDED_FORMULA_PHRASES = [wordedFormula];
export {
  ASSIGNMENT_PHRASES,
  WORDED_FORMULA_PHRASES,
  readFormula
};
//# sourceMappingURL=formula-phrases.js.map
