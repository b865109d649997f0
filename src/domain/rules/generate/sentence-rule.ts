import { AppError } from '../../../errors.js';
import { compileExpression } from '../dsl/index.js';
import { fieldResolver, type FieldInfo } from './field-names.js';
import { ASSIGNMENT_PHRASES, WORDED_FORMULA_PHRASES } from './formula-phrases.js';
import { PhraseFailure, type PhraseContext, type Piece } from './phrase-context.js';
import { sentence, splitClauses, type Sentence } from './sentence-text.js';
import { TRANSFORM_PHRASES } from './transform-phrases.js';
import { VALIDATION_PHRASES } from './validation-phrases.js';
import type { GeneratedRule } from './generated-rule.js';

type Phrase = (ctx: PhraseContext, s: Sentence) => Piece | undefined;

/** A written condition (`total >= 0 and (estado != 'pagada' or pagado)`) is a validation as it stands. */
function writtenCondition(ctx: PhraseContext, s: Sentence): Piece | undefined {
  const compiled = ctx.compile(s.text);
  if ('error' in compiled) return undefined;
  const { ast } = compileExpression(s.text);
  const isCondition =
    (ast.kind === 'binary' && ['=', '!=', '<', '<=', '>', '>='].includes(ast.operator)) ||
    ast.kind === 'logical' ||
    (ast.kind === 'unary' && ast.operator === 'not');
  if (!isCondition) return undefined;
  return {
    kind: 'validate',
    id: `check_${compiled.reads.join('_') || 'value'}`.slice(0, 60),
    condition: s.text,
    message: `${s.text} must hold`,
  };
}

/** Every phrasing, in the order they are tried: the first that recognizes a clause reads it. */
const PHRASES: readonly Phrase[] = [
  ...VALIDATION_PHRASES,
  ...TRANSFORM_PHRASES,
  ...ASSIGNMENT_PHRASES,
  writtenCondition,
  ...WORDED_FORMULA_PHRASES,
];

/** What the built-in parser made of a description. */
export type SentenceResult = { ok: true; rule: GeneratedRule; understood: string[] } | { ok: false; clause: string; reason: string };

function readClause(ctx: PhraseContext, text: string): Piece | PhraseFailure {
  const s = sentence(text);
  let failure: PhraseFailure | undefined;
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
  return failure ?? new PhraseFailure('none of the phrasings the built-in parser knows matches it');
}

/** A clause, or — when it is not one — its parts joined by "and"/"y" when every part is one. */
function readClauses(ctx: PhraseContext, text: string): Piece[] | PhraseFailure {
  const whole = readClause(ctx, text);
  if (!(whole instanceof PhraseFailure)) return [whole];
  const parts = text.split(/\s*,?\s+(?:and|y|e)\s+|\s*,\s+/i).filter((p) => p.trim() !== '');
  if (parts.length < 2) return whole;
  const pieces = parts.map((p) => readClause(ctx, p));
  return pieces.every((p): p is Piece => !(p instanceof PhraseFailure)) ? pieces : whole;
}

const describe = (p: Piece) =>
  p.kind === 'compute'
    ? `compute ${p.field} = ${p.expression}`
    : p.kind === 'validate'
      ? `validate ${p.id}: ${p.condition}`
      : `transform ${p.field}: ${p.spec.type}${p.spec.type === 'round' ? ` ${p.spec.decimals} decimals` : p.spec.type === 'default' ? ` ${JSON.stringify(p.spec.value)}` : ''}`;

function assemble(description: string, pieces: Piece[]): GeneratedRule {
  const compute: NonNullable<GeneratedRule['ruleDsl']['compute']> = {};
  const validate: NonNullable<GeneratedRule['ruleDsl']['validate']> = [];
  const transform: NonNullable<GeneratedRule['ruleDsl']['transform']> = {};
  const reads = new Set<string>();
  for (const p of pieces) {
    if (p.kind === 'compute') {
      compute[p.field] = { type: 'formula', expression: p.expression };
      p.reads.forEach((r) => reads.add(r));
    } else if (p.kind === 'transform') transform[p.field] = p.spec;
    else {
      let id = p.id;
      for (let n = 2; validate.some((v) => v.id === id); n++) id = `${p.id}_${n}`;
      validate.push({ id, condition: p.condition, message: p.message, severity: 'error' });
    }
  }
  const onlyComputes = validate.length === 0 && Object.keys(transform).length === 0 && reads.size > 0;
  const name = description.replace(/\s+/g, ' ').trim();
  return {
    name: name.length > 120 ? `${name.slice(0, 119)}…` : name,
    // Formulas run when what they read changes; anything else on every save.
    triggerType: onlyComputes ? 'field_change' : 'before_save',
    triggerFields: onlyComputes ? [...reads] : [],
    ruleDsl: {
      ...(Object.keys(compute).length ? { compute } : {}),
      ...(validate.length ? { validate } : {}),
      ...(Object.keys(transform).length ? { transform } : {}),
    },
  };
}

/**
 * The built-in parser of rule descriptions in English and Spanish (docs/rules.md, "Generating
 * rules"): each clause — a line, a sentence, or parts joined by "and"/"y" — must be one of the
 * known phrasings (formulas, comparisons, required / required-when, lowercase/uppercase, trim,
 * round, defaults); otherwise it says which clause it could not read and why. Expressions are
 * checked with the expression parser against the entity's fields.
 */
export function ruleFromSentence(entityName: string, fields: readonly FieldInfo[], description: string): SentenceResult {
  const keys = fields.map((f) => f.fieldKey);
  const ctx: PhraseContext = {
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
    },
  };
  const pieces: Piece[] = [];
  const clauses = splitClauses(description);
  if (clauses.length === 0) return { ok: false, clause: description, reason: 'the description is empty' };
  for (const clause of clauses) {
    const read = readClauses(ctx, clause);
    if (read instanceof PhraseFailure) return { ok: false, clause, reason: read.message };
    pieces.push(...read);
  }
  const targets = pieces.flatMap((p) => (p.kind === 'compute' ? [p.field] : []));
  const twice = targets.find((t, i) => targets.indexOf(t) !== i);
  if (twice) return { ok: false, clause: description, reason: `${twice} is computed twice` };
  return { ok: true, rule: assemble(description, pieces), understood: pieces.map(describe) };
}
