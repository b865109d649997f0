import { randomUUID } from "node:crypto";
class InvalidationBus {
  /** Marks this bus's notifications: it already dispatched at its COMMIT, so its own echo is ignored. */
  origin = randomUUID();
  listeners = /* @__PURE__ */ new Set();
  /** Subscribes a cache; returns the unsubscribe function. */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  dispatch(key) {
    for (const listener of this.listeners) listener(key);
  }
  /**
   * A notification heard on INVALIDATION_CHANNEL (`<origin> <key>`). Another process's change is
   * dispatched; this bus's own arrives after its COMMIT already dispatched it, and evicting again
   * then would only drop entries filled since.
   */
  receive(payload) {
    const space = payload.indexOf(" ");
    if (space > 0 && payload.slice(0, space) === this.origin) return;
    this.dispatch(space > 0 ? payload.slice(space + 1) : payload);
  }
}
export {
  InvalidationBus
};
//# sourceMappingURL=invalidation-bus.js.map
