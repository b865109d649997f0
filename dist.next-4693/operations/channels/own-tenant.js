import { canUseOperation } from "../../domain/access/permissions.js";
import { AppError, forbidden, toolRef, unauthorized } from "../../errors.js";
import { NO_TENANT_MESSAGE } from "../core/execute.js";
function ownTenant(ctx, operation, permission) {
  const principal = ctx.principal;
  if (!principal) throw unauthorized();
  if (!ctx.tenant) throw new AppError("VALIDATION_ERROR", NO_TENANT_MESSAGE);
  if (!canUseOperation(principal, permission)) throw forbidden(`Your role does not allow ${toolRef(operation)} (${permission})`);
  return { principal, tenant: ctx.tenant };
}
export {
  ownTenant
};
//# sourceMappingURL=own-tenant.js.map
