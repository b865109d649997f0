import { AppError } from '../../../errors.js';

/** Where an expression came from, for messages: the caller's field path (default `expression`). */
export interface SourceOptions {
  /** The path clients know the expression by, e.g. `ruleDsl.compute.total.expression`. */
  readonly field?: string;
}

/**
 * A refused expression: VALIDATION_ERROR whose message says what was expected where, with one
 * detail `{ field, position, expected, message }` (position 1-based, in UTF-16 code units).
 */
export function expressionError(options: SourceOptions | undefined, position: number, expected: string, problem: string): AppError {
  const field = options?.field ?? 'expression';
  return new AppError('VALIDATION_ERROR', `${field} at position ${position}: ${problem}`, [
    { field, position, expected, message: problem },
  ]);
}

/** How a token is named in messages. */
export const describe = (text: string): string => (text === '' ? 'the end of the expression' : `'${text}'`);
