/**
 * What autovacuum does on a PostgreSQL server, done for the embedded database. PGlite is one backend
 * with no background workers: nothing gathers planner statistics or reclaims dead rows unless the
 * service does, and a planner without statistics picks plans that scan a large entity where an
 * index probe would do (docs/database.md, "Maintenance of the embedded database").
 *
 * Counted in committed write transactions: after every `analyzeEvery` of them an ANALYZE, after
 * every `vacuumEvery` a VACUUM ANALYZE — queued on the one connection between other work, never
 * inside a transaction, one at a time. `0` turns that one off.
 */
export interface PgliteMaintenancePolicy {
  readonly analyzeEvery: number;
  readonly vacuumEvery: number;
}

export const DEFAULT_PGLITE_MAINTENANCE: PgliteMaintenancePolicy = { analyzeEvery: 10_000, vacuumEvery: 100_000 };

export interface PgliteMaintenance {
  /** A write transaction committed. */
  wrote(): void;
  /** Settles when no maintenance statement is running (close, tests). */
  idle(): Promise<void>;
}

/**
 * `run` sends one statement on the database's connection (queued behind the work in progress). A
 * failed run is dropped: the next threshold tries again.
 */
export function pgliteMaintenance(policy: PgliteMaintenancePolicy, run: (sql: string) => Promise<unknown>): PgliteMaintenance {
  let writes = 0;
  let running: Promise<void> | null = null;
  const due = (every: number) => every > 0 && writes % every === 0;
  return {
    wrote() {
      writes++;
      const sql = due(policy.vacuumEvery) ? 'vacuum analyze' : due(policy.analyzeEvery) ? 'analyze' : null;
      if (sql === null || running) return;
      running = run(sql).then(
        () => {
          running = null;
        },
        () => {
          running = null;
        },
      );
    },
    idle: () => running ?? Promise.resolve(),
  };
}
