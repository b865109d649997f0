import { withTenant } from "../../db/with-tenant.js";
import { canUseGlobal, canUseOperation } from "../../domain/access/permissions.js";
import { boundTenantOf, resolveRequestTenant } from "../../domain/credentials/request-tenant.js";
import { resolveTenant } from "../../domain/tenants/tenant.service.js";
import { AppError, bySurface, forbidden, fromZodError, toolRef, unauthorized } from "../../errors.js";
import { isTenantOperation } from "./operation.js";
import { asOperationResult } from "./result.js";
const NO_TENANT_MESSAGE = bySurface({
  rest: "No tenant selected: send the X-Tenant-ID header (tenant slug or id), or use an admin token that selected a tenant (POST /api/auth/tenants/{idOrSlug}/select)",
  mcp: `No tenant selected: call ${toolRef("select_tenant")} first (${toolRef("list_tenants")} shows the tenants you can use)`
});
async function executeOperation(op, ctx, rawInput) {
  const parsed = op.input.safeParse(rawInput ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const result = asOperationResult(isTenantOperation(op) ? await runInTenant(op, ctx, input) : await runGlobal(op, ctx, input));
  if (ctx.config.checkOutputs) checkOutput(op, result.data);
  return result;
}
async function runGlobal(op, ctx, input) {
  if (!canUseGlobal(ctx.principal, op.access)) {
    if (!ctx.principal) throw unauthorized();
    throw forbidden(`${op.name} is for administrators only`);
  }
  return op.run(ctx, input);
}
async function runInTenant(op, ctx, input) {
  const principal = ctx.principal;
  if (!principal) throw unauthorized();
  const named = op.tenantFrom?.(input);
  const tenant = named ? await namedTenant(ctx, principal, named) : ctx.tenant;
  if (!tenant) throw new AppError("VALIDATION_ERROR", NO_TENANT_MESSAGE);
  if (!canUseOperation(principal, op.access.tenant)) {
    throw forbidden(`Your role does not allow ${toolRef(op.name)} (${op.access.tenant})`);
  }
  const prepared = op.prepare ? await op.prepare({ ...ctx, principal, tenant }, input) : void 0;
  const options = { readOnly: op.mode === "read", transaction: op.mode === "write" || op.readTransaction === true };
  return withTenant(ctx.db, tenant.id, options, (tx) => op.run({ ...ctx, principal, tenant, tx }, input, prepared));
}
function namedTenant(ctx, principal, name) {
  return boundTenantOf(principal) === null ? resolveTenant(ctx.db, ctx.services.tenants, name) : resolveRequestTenant(ctx.db, ctx.services.tenants, principal, name).then((t) => t);
}
function checkOutput(op, data) {
  const text = data === void 0 ? void 0 : JSON.stringify(data);
  if (text !== void 0 && /[\uE000-\uE002]/.test(text))
    throw new AppError("INTERNAL_ERROR", `Output of ${op.name} holds a surface marker`);
  const json = text === void 0 ? void 0 : JSON.parse(text);
  const checked = op.output.safeParse(json);
  if (!checked.success) {
    const problems = checked.error.issues.map((i) => `${i.path.join(".") || "(data)"}: ${i.message}`).join("; ");
    throw new AppError("INTERNAL_ERROR", `Output of ${op.name} does not match its schema: ${problems}`);
  }
}
export {
  NO_TENANT_MESSAGE,
  executeOperation
};
//# sourceMappingURL=execute.js.map
