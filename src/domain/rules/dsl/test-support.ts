import { AppError } from '../../../errors.js';

/** The AppError `run` throws; fails the test if it throws anything else or nothing. */
export function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal, got none');
}
