import { AsyncLocalStorage } from 'node:async_hooks';
import { loadMigrations } from '../../../src/db/migrate.js';
import type { ObservedStatement } from '../../../src/db/statement-observer.js';

/**
 * THE list of statements the router check lets through although they touch tenant tables without
 * pinning one tenant (see docs/scaling.md, "The router check"). Every entry says why Citus copes
 * with it. Add one only with a reason a reviewer can check; a statement of a feature's request path
 * never belongs here — give it `tenant_id = $n` instead.
 */
export interface RouterException {
  readonly name: string;
  readonly reason: string;
  readonly matches: (statement: ObservedStatement) => boolean;
}

const migrationScripts = new Set(loadMigrations().map((m) => m.sql));

/** Marks a test's own statements (see `probe`). */
const probing = new AsyncLocalStorage<true>();

export const ROUTER_EXCEPTIONS: readonly RouterException[] = [
  {
    name: 'migrations',
    reason:
      'A migration runs once, at deployment, on the owner connection; a data change in it may touch every tenant, ' +
      'which Citus runs as a multi-shard statement on all nodes in parallel.',
    matches: (s) => s.script && migrationScripts.has(s.text),
  },
  {
    name: "a test's own probe",
    reason:
      'Statements a test sends itself, inside `probe(…)`, to look behind the service (count rows of every tenant, ' +
      'prove that row-level security alone hides other tenants). They are not statements the service sends.',
    matches: () => probing.getStore() === true,
  },
];

/**
 * Runs `fn` with its statements exempt from the router check (the exception above): for a test's
 * own look behind the service, never for the service's work.
 */
export function probe<T>(fn: () => Promise<T>): Promise<T> {
  return probing.run(true, fn);
}
