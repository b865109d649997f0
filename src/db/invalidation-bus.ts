import { randomUUID } from 'node:crypto';

/** A database's change announcements, heard by the caches of this process (see invalidation.ts). */
export type InvalidationListener = (key: string | null) => void;

export class InvalidationBus {
  /** Marks this bus's notifications: it already dispatched at its COMMIT, so its own echo is ignored. */
  readonly origin = randomUUID();
  private readonly listeners = new Set<InvalidationListener>();

  /** Subscribes a cache; returns the unsubscribe function. */
  subscribe(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  dispatch(key: string | null): void {
    for (const listener of this.listeners) listener(key);
  }

  /**
   * A notification heard on INVALIDATION_CHANNEL (`<origin> <key>`). Another process's change is
   * dispatched; this bus's own arrives after its COMMIT already dispatched it, and evicting again
   * then would only drop entries filled since.
   */
  receive(payload: string): void {
    const space = payload.indexOf(' ');
    if (space > 0 && payload.slice(0, space) === this.origin) return;
    this.dispatch(space > 0 ? payload.slice(space + 1) : payload);
  }
}
