import type { Database, Queryable } from './database.js';
import type { TenantTx } from './with-tenant.js';

export { InvalidationBus, type InvalidationListener } from './invalidation-bus.js';

/**
 * Change announcements for in-process caches of tenant data (published entity definitions, …).
 * Each open database carries one `InvalidationBus` (`db.invalidations`); caches subscribe to it
 * when the composition root builds them. `announceChange(tx, key)` sends `pg_notify` inside the
 * changing transaction, so every process listening on the server learns of it when — and only if —
 * the transaction commits; this process hears of it right after its own COMMIT (withTenant runs
 * `afterCommit`). A `null` key means "anything may have changed" (a listener that reconnected may
 * have missed notifications).
 */
export const INVALIDATION_CHANNEL = 'tenantbase_invalidate';

const pending = new WeakMap<TenantTx, Set<string>>();

/** Announces that `key` changes in `tx`: other processes hear at commit, this one right after it. */
export async function announceChange(tx: TenantTx, key: string): Promise<void> {
  let keys = pending.get(tx);
  if (!keys) pending.set(tx, (keys = new Set()));
  if (keys.has(key)) return;
  keys.add(key);
  const bus = tx.invalidations;
  await tx.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, `${bus.origin} ${key}`]);
  tx.afterCommit(() => bus.dispatch(key));
}

/**
 * Runs `change` on a global table (API keys, …) in an owner transaction that also announces `key`:
 * other processes hear at its commit, this one right after it. For global data, which `withTenant`
 * does not reach.
 */
export async function changeGlobal<T>(db: Database, key: string, change: (tx: Queryable) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await change(tx);
    await tx.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, `${db.invalidations.origin} ${key}`]);
    return value;
  });
  db.invalidations.dispatch(key);
  return result;
}

/** True once `tx` changed `key`: its view is uncommitted, so it must neither read nor fill a cache. */
export function hasPendingChange(tx: TenantTx, key: string): boolean {
  return pending.get(tx)?.has(key) ?? false;
}
