import { randomUUID } from 'node:crypto';
import type { TenantTx } from './with-tenant.js';

/**
 * Change announcements for in-process caches of tenant data (published entity definitions).
 * `announceChange(tx, key)` sends `pg_notify` inside the changing transaction, so every process
 * listening on the server learns of it when — and only if — the transaction commits; this process
 * hears of it synchronously right after its own COMMIT (withTenant runs `afterCommit`).
 * A `null` key means "anything may have changed" (a listener that reconnected may have missed
 * notifications).
 */
export const INVALIDATION_CHANNEL = 'tenantbase_invalidate';

/** Marks this process's notifications: it already evicted at its COMMIT, so its own echo is ignored. */
export const NOTIFICATION_ORIGIN = randomUUID();

type Listener = (key: string | null) => void;
const listeners = new Set<Listener>();
const pending = new WeakMap<TenantTx, Set<string>>();

/** Subscribes a cache; returns the unsubscribe function. */
export function onInvalidation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dispatchInvalidation(key: string | null): void {
  for (const listener of listeners) listener(key);
}

/** Announces that `key` changes in `tx`: other processes hear at commit, this one right after it. */
export async function announceChange(tx: TenantTx, key: string): Promise<void> {
  let keys = pending.get(tx);
  if (!keys) pending.set(tx, (keys = new Set()));
  if (keys.has(key)) return;
  keys.add(key);
  await tx.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, `${NOTIFICATION_ORIGIN} ${key}`]);
  tx.afterCommit(() => dispatchInvalidation(key));
}

/** True once `tx` changed `key`: its view is uncommitted, so it must neither read nor fill a cache. */
export function hasPendingChange(tx: TenantTx, key: string): boolean {
  return pending.get(tx)?.has(key) ?? false;
}

/**
 * A notification heard on INVALIDATION_CHANNEL (`<origin> <key>`). Another process's change is
 * dispatched; this process's own arrives after its COMMIT already dispatched it, and evicting again
 * then would only drop entries filled since.
 */
export function receiveNotification(payload: string): void {
  const space = payload.indexOf(' ');
  if (space > 0 && payload.slice(0, space) === NOTIFICATION_ORIGIN) return;
  dispatchInvalidation(space > 0 ? payload.slice(space + 1) : payload);
}
