import type { Database } from '../../db/database.js';
import { bySurface, unauthorized } from '../../errors.js';
import type { Principal, TenantRef } from '../access/principal.js';
import type { TenantCache } from '../tenants/tenant.cache.js';
import { resolveTenant, tenantNotFound } from '../tenants/tenant.service.js';

/** The tenant a principal is bound to, or null for principals that may act in any tenant. */
export function boundTenantOf(principal: Principal): string | null {
  switch (principal.kind) {
    case 'admin':
      return null;
    case 'tenant_key':
    case 'tenant_user':
    case 'bot':
    case 'channel':
      return principal.tenantId;
    default:
      return unreachable(principal);
  }
}

function unreachable(principal: never): never {
  throw new Error(`unknown principal kind ${JSON.stringify(principal)}`);
}

/**
 * The tenant a request acts in (docs/users.md "Credentials and tenants"). Credentials bound to a
 * tenant (tenant keys, user sessions) refuse an X-Tenant-ID naming another tenant; administrators
 * may name any tenant, per request, or use the one selected in their token.
 */
export async function resolveRequestTenant(
  db: Database,
  tenants: TenantCache,
  principal: Principal,
  tenantHeader: string | undefined,
): Promise<TenantRef | null> {
  const header = tenantHeader?.trim() || undefined;
  const bound = boundTenantOf(principal);
  if (bound === null) {
    const chosen = header ?? (principal.kind === 'admin' ? principal.selectedTenantId : undefined);
    return chosen ? resolveTenant(db, tenants, chosen) : null;
  }
  const own = await resolveTenant(db, tenants, bound);
  if (header && header !== own.id && header.toLowerCase() !== own.slug) {
    throw unauthorized(
      bySurface({
        rest: 'This credential belongs to another tenant than X-Tenant-ID names',
        mcp: "This credential belongs to another tenant than the one named (tenantSlug, or the session's select_tenant); list_tenants shows yours",
      }),
    );
  }
  return own;
}

/**
 * A tenant a caller names to work in (select_tenant). For a credential bound to a tenant, any other
 * tenant answers exactly as a missing one (NOT_FOUND, same message): whether a foreign tenant
 * exists is not the caller's to learn (docs/security.md "Tenant existence").
 */
export async function resolveVisibleTenant(db: Database, tenants: TenantCache, principal: Principal, idOrSlug: string): Promise<TenantRef> {
  const bound = boundTenantOf(principal);
  if (bound === null) return resolveTenant(db, tenants, idOrSlug);
  const own = await resolveTenant(db, tenants, bound);
  const name = idOrSlug.trim();
  if (name !== own.id && name.toLowerCase() !== own.slug) throw tenantNotFound(idOrSlug);
  return own;
}
