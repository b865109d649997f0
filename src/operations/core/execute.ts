import { withTenant } from '../../db/with-tenant.js';
import { canUseGlobal, canUseOperation } from '../../domain/access/permissions.js';
import type { Principal, TenantRef } from '../../domain/access/principal.js';
import { boundTenantOf, resolveRequestTenant } from '../../domain/credentials/request-tenant.js';
import { resolveTenant } from '../../domain/tenants/tenant.service.js';
import { AppError, bySurface, forbidden, fromZodError, toolRef, unauthorized } from '../../errors.js';
import type { OperationContext } from './context.js';
import { isTenantOperation, type Operation, type TenantOperation } from './operation.js';
import { asOperationResult, type OperationResult } from './result.js';

export const NO_TENANT_MESSAGE = bySurface({
  rest: 'No tenant selected: send the X-Tenant-ID header (tenant slug or id), or use an admin token that selected a tenant (POST /api/auth/tenants/{idOrSlug}/select)',
  mcp: `No tenant selected: call ${toolRef('select_tenant')} first (${toolRef('list_tenants')} shows the tenants you can use)`,
});

/**
 * The single path from a transport into the core: validate the input, check access, and run the
 * operation — tenant operations inside `withTenant` (read-only for reads; see Operation.mode) —
 * and answer its result with its warnings and effects.
 */
export async function executeOperation(op: Operation, ctx: OperationContext, rawInput: unknown): Promise<OperationResult> {
  const parsed = op.input.safeParse(rawInput ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const input: unknown = parsed.data;
  const result = asOperationResult(isTenantOperation(op) ? await runInTenant(op, ctx, input) : await runGlobal(op, ctx, input));
  if (ctx.config.checkOutputs) checkOutput(op, result.data);
  return result;
}

async function runGlobal(op: Exclude<Operation, TenantOperation>, ctx: OperationContext, input: unknown) {
  if (!canUseGlobal(ctx.principal, op.access)) {
    if (!ctx.principal) throw unauthorized();
    throw forbidden(`${op.name} is for administrators only`);
  }
  return op.run(ctx, input);
}

async function runInTenant(op: TenantOperation, ctx: OperationContext, input: unknown) {
  const principal = ctx.principal;
  if (!principal) throw unauthorized();
  const named = op.tenantFrom?.(input);
  const tenant = named ? await namedTenant(ctx, principal, named) : ctx.tenant;
  if (!tenant) throw new AppError('VALIDATION_ERROR', NO_TENANT_MESSAGE);
  if (!canUseOperation(principal, op.access.tenant)) {
    throw forbidden(`Your role does not allow ${toolRef(op.name)} (${op.access.tenant})`);
  }
  const prepared: unknown = op.prepare ? await op.prepare({ ...ctx, principal, tenant }, input) : undefined;
  const options = { readOnly: op.mode === 'read', transaction: op.mode === 'write' || op.readTransaction === true };
  return withTenant(ctx.db, tenant.id, options, (tx) => op.run({ ...ctx, principal, tenant, tx }, input, prepared));
}

/** The tenant an input names: administrators may name any; bound credentials only their own. */
function namedTenant(ctx: OperationContext, principal: Principal, name: string): Promise<TenantRef> {
  return boundTenantOf(principal) === null
    ? resolveTenant(ctx.db, ctx.services.tenants, name)
    : resolveRequestTenant(ctx.db, ctx.services.tenants, principal, name).then((t) => t!);
}

/**
 * Development and test check (CHECK_OUTPUTS): the answer must be what the operation's output schema
 * says, as clients receive it — a mismatch is a bug of the service, never of the caller.
 */
function checkOutput(op: Operation, data: unknown): void {
  const text = data === undefined ? undefined : JSON.stringify(data);
  // Surface markers (toolRef, bySurface) are for errors and descriptions: answers reach clients unrendered.
  if (text !== undefined && /[\uE000-\uE002]/.test(text))
    throw new AppError('INTERNAL_ERROR', `Output of ${op.name} holds a surface marker`);
  const json: unknown = text === undefined ? undefined : JSON.parse(text);
  const checked = op.output.safeParse(json);
  if (!checked.success) {
    const problems = checked.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`).join('; ');
    throw new AppError('INTERNAL_ERROR', `Output of ${op.name} does not match its schema: ${problems}`);
  }
}
