import type { Database } from '../../db/database.js';
import { withTenant } from '../../db/with-tenant.js';
import { backfillBatch, listBuilding, markFailed } from './index-build.js';

/** Attempts at one batch before its index is marked failed. */
const ATTEMPTS = 3;

/**
 * Backfills building indexes of large entities after their publish has committed, one batch per
 * transaction: writes go on meanwhile (the records triggers keep their entries), and a stopped
 * build resumes from its stored resume point when the service starts again (`resumeAll`), or
 * sooner when the tenant's builds are scheduled (a publish, or a list of an entity whose index is
 * building). One loop per tenant at a time in this process; several processes share the work
 * through `skip locked`.
 */
export class IndexBuilder {
  private readonly loops = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private resuming: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly batch: number,
    private readonly report: (error: unknown) => void = () => undefined,
  ) {}

  /** Wakes the tenant's builds (after the publish that declared them committed). */
  schedule(tenantId: string): void {
    if (this.stopped) return;
    if (this.loops.has(tenantId)) {
      this.again.add(tenantId);
      return;
    }
    const loop = this.run(tenantId).finally(() => {
      this.loops.delete(tenantId);
      if (this.again.delete(tenantId)) this.schedule(tenantId);
    });
    this.loops.set(tenantId, loop);
  }

  /**
   * Start-up: resumes the builds a stopped process left, in the background. Building indexes are
   * tenant rows (row-level security), so each tenant is looked at in its own read-only
   * transaction, one tenant at a time: a short read per tenant, and a build only where one waits.
   */
  resumeAll(tenantIds: () => Promise<readonly string[]>): void {
    if (this.stopped || this.resuming) return;
    this.resuming = (async () => {
      for (const tenantId of await tenantIds()) {
        if (this.stopped) return;
        this.schedule(tenantId);
        await this.loops.get(tenantId);
      }
    })()
      .catch(this.report)
      .finally(() => {
        this.resuming = undefined;
      });
  }

  /** Resolves once no build runs and the start-up resume is done (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.loops.size || this.resuming) {
      await this.resuming;
      await Promise.all([...this.loops.values()]);
    }
  }

  /** Stops scheduling and waits for the batches under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async run(tenantId: string): Promise<void> {
    const failures = new Map<string, number>();
    while (!this.stopped) {
      const building = await withTenant(this.db, tenantId, { readOnly: true }, (tx) => listBuilding(tx)).catch((error: unknown) => {
        this.report(error);
        return [];
      });
      const pending = building.filter((b) => (failures.get(`${b.entityId}/${b.name}`) ?? 0) < ATTEMPTS);
      if (pending.length === 0) return;
      for (const { entityId, name } of pending) {
        if (this.stopped) return;
        const key = `${entityId}/${name}`;
        try {
          const state = await withTenant(this.db, tenantId, { readOnly: false }, (tx) => backfillBatch(tx, entityId, name, this.batch));
          // Another process's builder holds it: leave it to that one.
          if (state === 'busy') failures.set(key, ATTEMPTS);
        } catch (error) {
          this.report(error);
          const n = (failures.get(key) ?? 0) + 1;
          failures.set(key, n);
          if (n >= ATTEMPTS) {
            const message = error instanceof Error ? error.message : String(error);
            await withTenant(this.db, tenantId, { readOnly: false }, (tx) => markFailed(tx, entityId, name, message)).catch(this.report);
          }
        }
      }
    }
  }
}
