import { inject } from 'vitest';
import { loadModule, parseSync } from 'libpg-query';
import type { ObservedStatement, StatementObserver } from '../../../src/db/statement-observer.js';
import { ROUTER_EXCEPTIONS, type RouterException } from './exceptions.js';
import { routingProblems } from './sql-routing.js';

/**
 * The router check as a statement observer (test mode only): every statement the service sends, on
 * whichever database the test runs, must be routable to one shard by a database distributed by
 * `tenant_id` (sql-routing.ts), unless ROUTER_EXCEPTIONS names it. A violating statement is refused
 * (its caller gets the error) and recorded; the setup file fails the test that sent it.
 */
export interface RouterViolation {
  text: string;
  tenantId: string | undefined;
  problems: string[];
}

/** This test file's violations not yet reported (the setup file takes them after each test). */
const violations: RouterViolation[] = [];

export function takeRouterViolations(): RouterViolation[] {
  return violations.splice(0);
}

/** Throws (and forgets) the violations recorded so far: run after every test by the setup file. */
export function assertNoRouterViolations(): void {
  const found = takeRouterViolations();
  if (found.length > 0) throw new Error(found.map(describeViolation).join('\n\n'));
}

export class RouterViolationError extends Error {}

const MAX_PARSED = 5000;

export async function createRouterTap(
  options: { tenantTables?: Iterable<string>; exceptions?: readonly RouterException[]; record?: boolean } = {},
): Promise<StatementObserver> {
  await loadModule();
  const tenantTables = new Set(options.tenantTables ?? inject('routerTenantTables'));
  const exceptions = options.exceptions ?? ROUTER_EXCEPTIONS;
  const parsed = new Map<string, unknown[] | Error>();
  const parse = (text: string) => {
    let stmts = parsed.get(text);
    if (!stmts) {
      if (parsed.size >= MAX_PARSED) parsed.clear();
      try {
        stmts = (parseSync(text).stmts ?? []).map((s) => s.stmt);
      } catch (error) {
        stmts = error as Error;
      }
      parsed.set(text, stmts);
    }
    return stmts;
  };
  return {
    beforeStatement(statement: ObservedStatement) {
      const stmts = parse(statement.text);
      // A statement PostgreSQL's own parser refuses never runs: the server answers its syntax error.
      if (stmts instanceof Error) return;
      const problems = stmts.flatMap((stmt) =>
        routingProblems(stmt, { tenantTables, params: statement.params, tenantId: statement.tenantId }),
      );
      if (problems.length === 0 || exceptions.some((e) => e.matches(statement))) return;
      const violation = { text: statement.text, tenantId: statement.tenantId, problems };
      if (options.record !== false) violations.push(violation);
      throw new RouterViolationError(describeViolation(violation));
    },
  };
}

export function describeViolation(v: RouterViolation): string {
  const where = v.tenantId ? `inside withTenant (${v.tenantId})` : 'on the owner connection';
  return `Router check: a statement sent ${where} cannot be routed to one shard:\n  ${v.problems.join('\n  ')}\n  statement: ${v.text.replace(/\s+/g, ' ').trim()}\n(see docs/scaling.md, "The router check")`;
}
