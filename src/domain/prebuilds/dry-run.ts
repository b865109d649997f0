import type { TenantTx } from '../../db/with-tenant.js';

/**
 * Runs `fn` for real and, with `dryRun`, undoes it: inside a SAVEPOINT rolled back afterwards,
 * so the answer is exactly what the work would do (same checks, same conflicts) and nothing stays
 * written. The cache announcements `fn` made only evict caches after the commit: harmless.
 */
export async function maybeDryRun<T>(tx: TenantTx, dryRun: boolean, fn: () => Promise<T>): Promise<T> {
  if (!dryRun) return fn();
  await tx.query('savepoint tenantbase_dry_run');
  try {
    return await fn();
  } finally {
    await tx.query('rollback to savepoint tenantbase_dry_run');
  }
}
