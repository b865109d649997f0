import type { TenantPermission } from '../../domain/access/permissions.js';
import { canUseOperation } from '../../domain/access/permissions.js';
import type { Principal, TenantRef } from '../../domain/access/principal.js';
import { AppError, forbidden, toolRef, unauthorized } from '../../errors.js';
import type { OperationContext } from '../core/context.js';
import { NO_TENANT_MESSAGE } from '../core/execute.js';

/**
 * The caller and its own tenant, checked as `executeOperation` checks a tenant operation. Channel
 * owner operations are global operations that call this: they write the global channel directory,
 * which cannot happen inside a tenant transaction (PGlite has one connection), so they sequence
 * their directory statements and their `withTenant` work themselves.
 */
export function ownTenant(
  ctx: OperationContext,
  operation: string,
  permission: TenantPermission,
): { principal: Principal; tenant: TenantRef } {
  const principal = ctx.principal;
  if (!principal) throw unauthorized();
  if (!ctx.tenant) throw new AppError('VALIDATION_ERROR', NO_TENANT_MESSAGE);
  if (!canUseOperation(principal, permission)) throw forbidden(`Your role does not allow ${toolRef(operation)} (${permission})`);
  return { principal, tenant: ctx.tenant };
}
