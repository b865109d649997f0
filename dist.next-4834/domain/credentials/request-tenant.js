import { bySurface, unauthorized } from "../../errors.js";
import { resolveTenant, tenantNotFound } from "../tenants/tenant.service.js";
function boundTenantOf(principal) {
  switch (principal.kind) {
    case "admin":
      return null;
    case "tenant_key":
    case "tenant_user":
    case "bot":
    case "channel":
      return principal.tenantId;
    default:
      return unreachable(principal);
  }
}
function unreachable(principal) {
  throw new Error(`unknown principal kind ${JSON.stringify(principal)}`);
}
async function resolveRequestTenant(db, tenants, principal, tenantHeader) {
  const header = tenantHeader?.trim() || void 0;
  const bound = boundTenantOf(principal);
  if (bound === null) {
    const chosen = header ?? (principal.kind === "admin" ? principal.selectedTenantId : void 0);
    return chosen ? resolveTenant(db, tenants, chosen) : null;
  }
  const own = await resolveTenant(db, tenants, bound);
  if (header && header !== own.id && header.toLowerCase() !== own.slug) {
    throw unauthorized(
      bySurface({
        rest: "This credential belongs to another tenant than X-Tenant-ID names",
        mcp: "This credential belongs to another tenant than the one named (tenantSlug, or the session's select_tenant); list_tenants shows yours"
      })
    );
  }
  return own;
}
async function resolveVisibleTenant(db, tenants, principal, idOrSlug) {
  const bound = boundTenantOf(principal);
  if (bound === null) return resolveTenant(db, tenants, idOrSlug);
  const own = await resolveTenant(db, tenants, bound);
  const name = idOrSlug.trim();
  if (name !== own.id && name.toLowerCase() !== own.slug) throw tenantNotFound(idOrSlug);
  return own;
}
export {
  boundTenantOf,
  resolveRequestTenant,
  resolveVisibleTenant
};
//# sourceMappingURL=request-tenant.js.map
