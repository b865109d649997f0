import { isUuid } from '../uuid.js';

/** The non-owner, non-superuser role all tenant work runs as (created by migration 001). */
export const TENANT_ROLE = 'tenantbase_app';

/**
 * The transaction-local tenant context as parameter-free SQL, to follow BEGIN in the same message.
 * Both values are checked literals (a constant role, a UUID validated here), so nothing can be
 * injected.
 *
 * SET LOCAL commands, not `set_config(…, true)` calls: a distributed PostgreSQL (Citus) passes SET
 * LOCAL on to the transactions it opens on its worker nodes — where row-level security reads
 * `app.tenant_id` — when `citus.propagate_set_commands` is 'local', which `citus` sets first
 * (docs/scaling.md); a function call inside a query it would not pass on.
 */
export function tenantContextSql(tenantId: string, options: { citus?: boolean } = {}): string {
  if (!isUuid(tenantId)) throw new Error('tenant context needs a UUID');
  const propagate = options.citus ? "set local citus.propagate_set_commands = 'local'; " : '';
  return `${propagate}set local role ${TENANT_ROLE}; set local app.tenant_id = '${tenantId.toLowerCase()}'`;
}
