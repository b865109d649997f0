import type { Queryable, Row, TenantQueryable } from './database.js';

/** One statement (or parameter-free script) the service is about to send. */
export interface ObservedStatement {
  readonly text: string;
  readonly params: readonly unknown[];
  /** True for `exec` (a script of statements without parameters, e.g. a migration). */
  readonly script: boolean;
  /** The tenant whose context it runs in (`withTenant`); undefined on the owner connection. */
  readonly tenantId: string | undefined;
}

/**
 * Sees every statement a database handle is asked to run, before it is sent; throwing refuses the
 * statement (its caller gets the error). Passed explicitly when a database is opened
 * (`openPglite(dir, { observer })`, `openPostgres(url, { observer })`); the service never passes
 * one — the test suite does, to check every statement can be routed to one shard (docs/scaling.md).
 */
export interface StatementObserver {
  beforeStatement(statement: ObservedStatement): void;
}

/** Shows `statement` to `observer`; a rejected promise when the observer refuses it. */
function refused(observer: StatementObserver, statement: ObservedStatement): Promise<never> | undefined {
  try {
    observer.beforeStatement(statement);
    return undefined;
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * `q` with every statement shown to `observer` first; `q` itself when there is no observer, so the
 * request path pays nothing outside tests.
 */
export function observed<Q extends Queryable>(q: Q, observer: StatementObserver | undefined, tenantId?: string): Q {
  if (!observer) return q;
  const statement = (text: string, params: readonly unknown[] | undefined, script: boolean) => ({
    text,
    params: params ?? [],
    script,
    tenantId,
  });
  const wrapped: Queryable = {
    query: <T extends Row>(text: string, params?: readonly unknown[]) =>
      refused(observer, statement(text, params, false)) ?? q.query<T>(text, params),
    exec: (script: string) => refused(observer, statement(script, [], true)) ?? q.exec(script),
  };
  if (!('queryAndCommit' in q)) return { ...q, ...wrapped };
  const tenant = q as unknown as TenantQueryable;
  const last = tenant.queryAndCommit.bind(q);
  const ahead = tenant.readCommitted.bind(q);
  const queryAndCommit = <T extends Row>(text: string, params?: readonly unknown[]) =>
    refused(observer, statement(text, params, false)) ?? last<T>(text, params);
  const readCommitted = <T extends Row>(text: string, params?: readonly unknown[]) =>
    refused(observer, statement(text, params, false)) ?? ahead<T>(text, params);
  return { ...q, ...wrapped, queryAndCommit, readCommitted };
}
