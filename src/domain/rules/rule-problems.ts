import { AppError, validationError, type ErrorDetail } from '../../errors.js';
import { compileExpression, type CompiledExpression } from './dsl/index.js';

/** Problems found in a rule, each naming its path (`ruleDsl.compute.total.expression`). */
export type Problems = ErrorDetail[];

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compiles an expression of a rule, or records its positioned error and answers undefined. */
export function checkExpression(
  source: unknown,
  fields: ReadonlySet<string>,
  path: string,
  problems: Problems,
): CompiledExpression | undefined {
  const text = typeof source === 'number' || typeof source === 'boolean' ? String(source) : source;
  if (typeof text !== 'string' || text.trim() === '') {
    problems.push({ field: path, message: 'an expression (text) is required, e.g. "cantidad * precio"' });
    return undefined;
  }
  try {
    return compileExpression(text, { fields, field: path });
  } catch (error) {
    if (error instanceof AppError && error.details) problems.push(...error.details);
    else throw error;
    return undefined;
  }
}

/** The message of a problem, with the expression position when it has one. */
const describeProblem = (p: ErrorDetail) =>
  `${p.field ? `${p.field}${typeof p.position === 'number' ? ` at position ${p.position}` : ''}: ` : ''}${p.message}`;

/** VALIDATION_ERROR naming the first problem (and how many more), every problem in `details`. */
export function throwIfProblems(problems: Problems, summary = 'Invalid business rule'): void {
  if (problems.length === 0) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw validationError(`${summary} — ${describeProblem(problems[0]!)}${more}; nothing was stored`, problems);
}

/** "one of a, b, c" for messages. */
export const oneOf = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');
