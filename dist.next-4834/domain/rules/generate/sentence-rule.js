import { AppError } from "../../../errors.js";
import { compileExpression } from "../dsl/index.js";
import { fieldResolver } from "./field-names.js";
import { ASSIGNMENT_PHRASES, WORDED_FORMULA_PHRASES } from "./formula-phrases.js";
import { PhraseFailure } from "./phrase-context.js";
import { sentence, splitClauses } from "./sentence-text.js";
import { TRANSFORM_PHRASES } from "./transform-phrases.js";
import { VALIDATION_PHRASES } from "./validation-phrases.js";
function writtenCondition(ctx, s) {
  const compiled = ctx.compile(s.text);
  if ("error" in compiled) return void 0;
  const { ast } = compileExpression(s.text);
  const isCondition = ast.kind === "binary" && ["=", "!=", "<", "<=", ">", ">="].includes(ast.operator) || ast.kind === "logical" || ast.kind === "unary" && ast.operator === "not";
  if (!isCondition) return void 0;
  return {
    kind: "validate",
    id: `check_${compiled.reads.join("_") || "value"}`.slice(0, 60),
    condition: s.text,
    message: `${s.text} must hold`
  };
}
const PHRASES = [
  ...VALIDATION_PHRASES,
  ...TRANSFORM_PHRASES,
  ...ASSIGNMENT_PHRASES,
  writtenCondition,
  ...WORDED_FORMULA_PHRASES
];
function readClause(ctx, text) {
  const s = sentence(text);
  let failure;
  for (const phrase of PHRASES) {
    try {
      const piece = phrase(ctx, s);
      if (piece) return piece;
    } catch (error) {
      if (!(error instanceof PhraseFailure)) throw error;
      if (error.final) return error;
      failure ??= error;
    }
  }
  return failure ?? new PhraseFailure("none of the phrasings the built-in parser knows matches it");
}
function readClauses(ctx, text) {
  const whole = readClause(ctx, text);
  if (!(whole instanceof PhraseFailure)) return [whole];
  const parts = text.split(/\s*,?\s+(?:and|y|e)\s+|\s*,\s+/i).filter((p) => p.trim() !== "");
  if (parts.length < 2) return whole;
  const pieces = parts.map((p) => readClause(ctx, p));
  return pieces.every((p) => !(p instanceof PhraseFailure)) ? pieces : whole;
}
const describe = (p) => p.kind === "compute" ? `compute ${p.field} = ${p.expression}` : p.kind === "validate" ? `validate ${p.id}: ${p.condition}` : `transform ${p.field}: ${p.spec.type}${p.spec.type === "round" ? ` ${p.spec.decimals} decimals` : p.spec.type === "default" ? ` ${JSON.stringify(p.spec.value)}` : ""}`;
function assemble(description, pieces) {
  const compute = {};
  const validate = [];
  const transform = {};
  const reads = /* @__PURE__ */ new Set();
  for (const p of pieces) {
    if (p.kind === "compute") {
      compute[p.field] = { type: "formula", expression: p.expression };
      p.reads.forEach((r) => reads.add(r));
    } else if (p.kind === "transform") transform[p.field] = p.spec;
    else {
      let id = p.id;
      for (let n = 2; validate.some((v) => v.id === id); n++) id = `${p.id}_${n}`;
      validate.push({ id, condition: p.condition, message: p.message, severity: "error" });
    }
  }
  const onlyComputes = validate.length === 0 && Object.keys(transform).length === 0 && reads.size > 0;
  const name = description.replace(/\s+/g, " ").trim();
  return {
    name: name.length > 120 ? `${name.slice(0, 119)}\u2026` : name,
    // Formulas run when what they read changes; anything else on every save.
    triggerType: onlyComputes ? "field_change" : "before_save",
    triggerFields: onlyComputes ? [...reads] : [],
    ruleDsl: {
      ...Object.keys(compute).length ? { compute } : {},
      ...validate.length ? { validate } : {},
      ...Object.keys(transform).length ? { transform } : {}
    }
  };
}
function ruleFromSentence(entityName, fields, description) {
  const keys = fields.map((f) => f.fieldKey);
  const ctx = {
    entityName,
    fields,
    field: fieldResolver(fields),
    compile(expression) {
      try {
        return { reads: compileExpression(expression, { fields: keys }).identifiers };
      } catch (error) {
        if (error instanceof AppError) return { error: error.message };
        throw error;
      }
    }
  };
  const pieces = [];
  const clauses = splitClauses(description);
  if (clauses.length === 0) return { ok: false, clause: description, reason: "the description is empty" };
  for (const clause of clauses) {
    const read = readClauses(ctx, clause);
    if (read instanceof PhraseFailure) return { ok: false, clause, reason: read.message };
    pieces.push(...read);
  }
  const targets = pieces.flatMap((p) => p.kind === "compute" ? [p.field] : []);
  const twice = targets.find((t, i) => targets.indexOf(t) !== i);
  if (twice) return { ok: false, clause: description, reason: `${twice} is computed twice` };
  return { ok: true, rule: assemble(description, pieces), understood: pieces.map(describe) };
}
export {
  ruleFromSentence
};
//# sourceMappingURL=sentence-rule.js.map
