import { withTenant } from '../db/with-tenant.js';
import { canUseOperation } from '../domain/access/permissions.js';
import { AppError, forbidden, fromZodError, unauthorized } from '../errors.js';
import type { OperationContext } from './context.js';
import { isTenantOperation, type Operation } from './operation.js';

export const NO_TENANT_MESSAGE =
  'No tenant selected: call select_tenant first (over REST, send the X-Tenant-ID header or select a tenant).';

/**
 * The single path from a transport into the core: validate the input, check access, and run the
 * operation — tenant operations inside `withTenant` (read-only for reads; see Operation.mode).
 */
export async function executeOperation(op: Operation, ctx: OperationContext, rawInput: unknown): Promise<unknown> {
  const parsed = op.input.safeParse(rawInput ?? {});
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;

  if (!isTenantOperation(op)) {
    if (op.access !== 'public' && !ctx.principal) throw unauthorized();
    if (op.access === 'admin' && ctx.principal?.kind !== 'admin') {
      throw forbidden(`${op.name} is for administrators only`);
    }
    return op.run(ctx, input);
  }

  const principal = ctx.principal;
  if (!principal) throw unauthorized();
  const tenant = ctx.tenant;
  if (!tenant) throw new AppError('VALIDATION_ERROR', NO_TENANT_MESSAGE);
  if (!canUseOperation(principal, op.access.tenant)) {
    throw forbidden(`Your role does not allow ${op.name} (${op.access.tenant})`);
  }
  const options = { readOnly: op.mode === 'read', transaction: op.mode === 'write' || op.readTransaction === true };
  return withTenant(ctx.db, tenant.id, options, (tx) => op.run({ ...ctx, principal, tenant, tx }, input));
}
