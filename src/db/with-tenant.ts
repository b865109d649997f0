import { AppError } from '../errors.js';
import type { Database, Row } from './database.js';

/** The non-owner, non-superuser role all tenant work runs as (created by migration 001). */
export const TENANT_ROLE = 'tenantbase_app';

declare const tenantTxBrand: unique symbol;

/**
 * A transaction bound to one tenant: `app.tenant_id` is set transaction-locally and the role is
 * switched to TENANT_ROLE, so row-level security applies to every statement. Only `withTenant`
 * makes one; repositories of tenant data take it as their first argument.
 */
export interface TenantTx {
  readonly tenantId: string;
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  readonly [tenantTxBrand]: true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function withTenant<T>(
  db: Database,
  tenantId: string,
  options: { readOnly: boolean },
  fn: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  if (!UUID.test(tenantId)) throw new AppError('INTERNAL_ERROR', 'Tenant context is missing');
  // Both values are checked literals (a constant role, a UUID), so the context can travel as
  // parameter-free SQL in the same message as BEGIN.
  const preamble = `select set_config('role', '${TENANT_ROLE}', true), set_config('app.tenant_id', '${tenantId.toLowerCase()}', true)`;
  return db.transaction(
    (tx) => {
      const tenantTx = { tenantId, query: tx.query.bind(tx) } as unknown as TenantTx;
      return fn(tenantTx);
    },
    { readOnly: options.readOnly, preamble },
  );
}

/**
 * Refuses to start unless tenant work is really confined by row-level security: the role must not
 * be superuser nor bypass RLS nor own a table it can reach, and every table it can reach that
 * holds a `tenant_id` must have RLS enabled and forced.
 */
export async function verifyTenantIsolation(db: Database): Promise<void> {
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
  if (problems.length > 0) {
    throw new Error(`Tenant isolation check failed; refusing to start:\n  ${problems.join('\n  ')}`);
  }
}
