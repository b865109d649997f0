import type { TenantTx } from '../../db/with-tenant.js';
import { AppError } from '../../errors.js';

/** How deep saves caused by other saves may go: update_related actions and recomputations. */
export const MAX_CASCADE_DEPTH = 5;

const depths = new WeakMap<TenantTx, number>();

/**
 * Runs a save that another save causes (an `update_related` action, the recomputation of a derived
 * value), one level deeper in the transaction. A chain deeper than MAX_CASCADE_DEPTH is refused
 * with BUSINESS_RULE_ERROR, which rolls back the whole save.
 */
export async function cascade<T>(tx: TenantTx, what: string, fn: () => Promise<T>): Promise<T> {
  const depth = depths.get(tx) ?? 0;
  if (depth >= MAX_CASCADE_DEPTH) {
    throw new AppError(
      'BUSINESS_RULE_ERROR',
      `Rule chain too deep: ${what} would be save number ${depth + 1} in a chain of saves caused by rules (at most ${MAX_CASCADE_DEPTH}); nothing was written. Check update_related actions that update each other.`,
      [{ message: `chain deeper than ${MAX_CASCADE_DEPTH}`, depth: depth + 1 }],
    );
  }
  depths.set(tx, depth + 1);
  try {
    return await fn();
  } finally {
    depths.set(tx, depth);
  }
}
