import { AppError } from '../errors.js';
import type { Database, Row, TenantEngine } from './database.js';
import type { InvalidationBus } from './invalidation-bus.js';
import { TENANT_ROLE } from './tenant-context.js';
import { isUuid } from '../uuid.js';

export { TENANT_ROLE } from './tenant-context.js';

declare const tenantTxBrand: unique symbol;

/**
 * Database work bound to one tenant: every statement runs as TENANT_ROLE with `app.tenant_id` set to
 * this tenant (transaction-locally; for reads outside a transaction on PostgreSQL, on a read-only
 * session right ahead of each statement), so row-level security applies to every statement. Only
 * `withTenant` makes one; repositories of tenant data take it as their first argument.
 */
export interface TenantTx {
  readonly tenantId: string;
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * The transaction's last statement, sent with COMMIT behind it (one round trip for both); no
   * statement may follow. Nothing commits if it fails. See `TenantQueryable.queryAndCommit`.
   */
  queryAndCommit<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * A plain SELECT needing no more than READ COMMITTED (no lock, no side effect, nothing this
   * transaction wrote), which may run ahead of the transaction when it would be its first statement.
   * See `TenantQueryable.readCommitted`.
   */
  readCommitted<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `fn` in this process once the transaction has committed (not after a rollback). */
  afterCommit(fn: () => void): void;
  /** The database's change announcements (see invalidation.ts `announceChange`). */
  readonly invalidations: InvalidationBus;
  /** 1, or 2 when the body runs again after asking to (RunAgain); a body may take a shortcut only on its first attempt. */
  readonly attempt: 1 | 2;
  readonly [tenantTxBrand]: true;
}

/**
 * Thrown by a transaction body that took a shortcut the database then refused (a value a write
 * statement computed turned out to need the long way, docs/rules.md "Performance"): `withTenant`
 * runs the body once more, in a new transaction, with `tx.attempt` 2. Whatever the first attempt
 * committed before throwing must be harmless to have committed (a shortcut write commits nothing
 * of the record when it refuses).
 */
export class RunAgain extends Error {
  constructor(reason: string) {
    super(`run the transaction again: ${reason}`);
    this.name = 'RunAgain';
  }
}

/**
 * Each open database's tenant engine, kept here and nowhere else: adapters register theirs when they
 * open and cannot read it back, so `withTenant` is the only path to tenant data.
 */
const engines = new WeakMap<Database, TenantEngine>();

/** Called once by an adapter when it opens `db`. */
export function registerTenantEngine(db: Database, engine: TenantEngine): void {
  if (engines.has(db)) throw new Error('this database already has a tenant engine');
  engines.set(db, engine);
}

function engineOf(db: Database): TenantEngine {
  const engine = engines.get(db);
  if (!engine) throw new AppError('INTERNAL_ERROR', 'This database was not opened by a tenantbase adapter');
  return engine;
}

export async function withTenant<T>(
  db: Database,
  tenantId: string,
  options: { readOnly: boolean; transaction?: boolean },
  fn: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  if (!isUuid(tenantId)) throw new AppError('INTERNAL_ERROR', 'Tenant context is missing');
  const run = engineOf(db);
  for (let attempt: 1 | 2 = 1; ; attempt = 2) {
    const committed: Array<() => void> = [];
    try {
      const result = await run(tenantId, { readOnly: options.readOnly, transaction: options.transaction ?? true }, (tx) => {
        const tenantTx = {
          tenantId,
          query: tx.query.bind(tx),
          queryAndCommit: tx.queryAndCommit.bind(tx),
          readCommitted: tx.readCommitted.bind(tx),
          afterCommit: (f: () => void) => void committed.push(f),
          invalidations: db.invalidations,
          attempt,
        } as unknown as TenantTx;
        return fn(tenantTx);
      });
      for (const f of committed) f();
      return result;
    } catch (error) {
      if (attempt === 1 && error instanceof RunAgain) continue;
      throw error;
    }
  }
}

/**
 * Refuses to start unless tenant work is really confined by row-level security: the role must not
 * be superuser nor bypass RLS nor own a table it can reach, and every table it can reach that
 * holds a `tenant_id` must have RLS enabled and forced.
 */
export async function verifyTenantIsolation(db: Database): Promise<void> {
  const problems = await tenantIsolationProblems(db);
  if (problems.length > 0) {
    throw new Error(`Tenant isolation check failed; refusing to start:\n  ${problems.join('\n  ')}`);
  }
}

/** What breaks tenant isolation on this database, in words (empty when nothing does); `tenantbase doctor` prints it. */
export async function tenantIsolationProblems(db: Database): Promise<string[]> {
  const problems = await db.transaction(async (tx) => {
    await tx.query("select set_config('role', $1, true)", [TENANT_ROLE]);
    const [role] = await tx.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'select rolsuper, rolbypassrls from pg_roles where rolname = current_user',
    );
    const tables = await tx.query<{ relname: string; rls: boolean; forced: boolean; owned: boolean }>(
      `select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              pg_has_role(current_user, c.relowner, 'USAGE') as owned
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')
          and has_table_privilege(current_user, c.oid, 'SELECT, INSERT, UPDATE, DELETE')`,
    );
    const found: string[] = [];
    if (!role) found.push(`role ${TENANT_ROLE} does not exist`);
    else if (role.rolsuper || role.rolbypassrls) found.push(`role ${TENANT_ROLE} can bypass row-level security`);
    for (const t of tables) {
      if (t.owned) found.push(`${TENANT_ROLE} owns table ${t.relname}`);
      if (!t.rls || !t.forced) found.push(`table ${t.relname} is reachable by ${TENANT_ROLE} without forced row-level security`);
    }
    return found;
  });
  // The tenant paths themselves (on PostgreSQL separate pools) must run as the role, read-only for
  // reads, with the request's tenant.
  const probe = '00000000-0000-4000-8000-000000000000';
  for (const transaction of [false, true]) {
    const [who] = await engineOf(db)(probe, { readOnly: true, transaction }, (tx) =>
      tx.query<{ role: string; tenant: string | null; ro: string }>(
        "select current_user as role, current_setting('app.tenant_id', true) as tenant, current_setting('transaction_read_only') as ro",
      ),
    );
    if (who?.role !== TENANT_ROLE || who.tenant !== probe || who.ro !== 'on') {
      problems.push(
        `read-only tenant work runs as ${who?.role ?? '?'} with tenant ${who?.tenant ?? 'none'} (read only: ${who?.ro ?? '?'}), not as ${TENANT_ROLE}, read only, with the request's tenant`,
      );
    }
  }
  return problems;
}
