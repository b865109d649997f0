import { isUuid } from '../uuid.js';

/** The non-owner, non-superuser role all tenant work runs as (created by migration 001). */
export const TENANT_ROLE = 'tenantbase_app';

/**
 * The transaction-local tenant context as parameter-free SQL. Both values are checked literals (a
 * constant role, a UUID validated here), so it can travel in the same message as BEGIN.
 */
export function tenantContextSql(tenantId: string): string {
  if (!isUuid(tenantId)) throw new Error('tenant context needs a UUID');
  return `select set_config('role', '${TENANT_ROLE}', true), set_config('app.tenant_id', '${tenantId.toLowerCase()}', true)`;
}
