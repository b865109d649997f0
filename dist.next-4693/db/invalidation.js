import { InvalidationBus } from "./invalidation-bus.js";
const INVALIDATION_CHANNEL = "tenantbase_invalidate";
const pending = /* @__PURE__ */ new WeakMap();
async function announceChange(tx, key) {
  let keys = pending.get(tx);
  if (!keys) pending.set(tx, keys = /* @__PURE__ */ new Set());
  if (keys.has(key)) return;
  keys.add(key);
  const bus = tx.invalidations;
  await tx.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, `${bus.origin} ${key}`]);
  tx.afterCommit(() => bus.dispatch(key));
}
async function changeGlobal(db, key, change) {
  const result = await db.transaction(async (tx) => {
    const value = await change(tx);
    await tx.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, `${db.invalidations.origin} ${key}`]);
    return value;
  });
  db.invalidations.dispatch(key);
  return result;
}
function hasPendingChange(tx, key) {
  return pending.get(tx)?.has(key) ?? false;
}
export {
  INVALIDATION_CHANNEL,
  InvalidationBus,
  announceChange,
  changeGlobal,
  hasPendingChange
};
//# sourceMappingURL=invalidation.js.map
