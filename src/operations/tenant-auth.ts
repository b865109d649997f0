import { z } from 'zod';
import { withTenant } from '../db/with-tenant.js';
import { canUseOperation } from '../domain/access/permissions.js';
import type { Principal, TenantRef } from '../domain/access/principal.js';
import { resolveRequestTenant } from '../domain/auth/authenticate.js';
import { resolveTenant } from '../domain/tenants/tenant.service.js';
import { loginTenantUser, logoutTenantUser } from '../domain/users/session.service.js';
import { createUser as insertUser, getUser } from '../domain/users/user.service.js';
import { AppError, forbidden } from '../errors.js';
import type { OperationContext } from './context.js';
import { defineGlobalOperation } from './operation.js';
import { newUserShape } from './user-inputs.js';

const loginInput = {
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
};

export const tenantUserLogin = defineGlobalOperation({
  name: 'tenant_user_login',
  title: 'Tenant user login',
  description:
    'Logs a tenant user in. Send only the X-Tenant-ID header (tenant slug) with { email, password }; answers { token, expiresAt, user }. The token is valid 7 days, in X-API-Key or Authorization: Bearer.',
  input: z.object({
    tenantSlug: z.string({ error: 'send the X-Tenant-ID header with the tenant slug' }).trim().min(1).max(200),
    ...loginInput,
  }),
  mode: 'write',
  profile: 'all',
  tool: false,
  access: 'public',
  rest: [
    {
      method: 'POST',
      path: '/api/auth/tenant/login',
      input: (r) => ({ ...(typeof r.body === 'object' ? r.body : {}), tenantSlug: r.headers['x-tenant-id'] }),
    },
  ],
  run: async (ctx, input) => {
    const tenant = await resolveTenant(ctx.db, ctx.services.tenants, input.tenantSlug);
    return loginTenantUser(ctx.db, ctx.services, ctx.config, tenant, input, ctx.clientAddress, 'rest');
  },
});

export const tenantLogin = defineGlobalOperation({
  name: 'tenant_login',
  title: 'Log in as a tenant user',
  description:
    'Logs in as a user of a tenant, e.g. { "tenantSlug": "acme-shop", "email": "ana@acme.com", "password": "…" }, and answers { token, expiresAt, user }: a JWT for this MCP server, valid 7 days, acting with that user\'s role.',
  input: z.object({ tenantSlug: z.string().trim().min(1).max(200).describe('Tenant slug or id'), ...loginInput }),
  mode: 'write',
  profile: 'core',
  tool: true,
  access: 'public',
  rest: [{ method: 'POST', path: '/api/auth/tenant/mcp-login' }],
  run: async (ctx, input) => {
    const tenant = await resolveTenant(ctx.db, ctx.services.tenants, input.tenantSlug);
    return loginTenantUser(ctx.db, ctx.services, ctx.config, tenant, input, ctx.clientAddress, 'mcp');
  },
});

function tenantUser(principal: Principal | null, action: string) {
  if (principal?.kind !== 'tenant_user') {
    throw forbidden(`${action} is for tenant-user tokens (from POST /api/auth/tenant/login)`);
  }
  return principal;
}

export const tenantLogout = defineGlobalOperation({
  name: 'tenant_logout',
  title: 'Tenant user logout',
  description: 'Ends the session of the user token used for the call; the token answers 401 afterwards.',
  input: z.object({}),
  mode: 'write',
  profile: 'all',
  tool: false,
  access: 'authenticated',
  rest: [{ method: 'POST', path: '/api/auth/tenant/logout' }],
  run: (ctx) => logoutTenantUser(ctx.db, tenantUser(ctx.principal, 'tenant_logout')),
});

export const tenantMe = defineGlobalOperation({
  name: 'tenant_me',
  title: 'Current tenant user',
  description: 'The user behind the token used for the call.',
  input: z.object({}),
  mode: 'read',
  profile: 'all',
  tool: false,
  access: 'authenticated',
  rest: [{ method: 'GET', path: '/api/auth/tenant/me' }],
  run: (ctx) => {
    const user = tenantUser(ctx.principal, 'tenant_me');
    return withTenant(ctx.db, user.tenantId, { readOnly: true }, (tx) => getUser(tx, user.userId));
  },
});

/** The tenant a tool names (`tenantSlug`) or has selected; pinned credentials only reach their own. */
async function namedTenant(ctx: OperationContext, principal: Principal, slug: string | undefined): Promise<TenantRef> {
  if (slug && principal.kind === 'admin') return resolveTenant(ctx.db, ctx.services.tenants, slug);
  if (slug) return (await resolveRequestTenant(ctx.db, ctx.services, principal, slug))!;
  if (ctx.tenant) return ctx.tenant;
  throw new AppError('VALIDATION_ERROR', 'No tenant: pass tenantSlug, or call select_tenant first', [
    { field: 'tenantSlug', message: 'required when no tenant is selected' },
  ]);
}

export const createUserTool = defineGlobalOperation({
  name: 'create_user',
  title: 'Create user',
  description:
    'Creates a user of a tenant (tenantSlug, or the selected tenant), e.g. { "email": "ana@acme.com", "password": "8+ characters", "name": "Ana", "role": "member" } (roles owner | admin | member | viewer). Answers { success, user, loginInfo } telling how the user logs in.',
  input: z.object({
    tenantSlug: z.string().trim().min(1).max(200).optional().describe('Tenant slug or id; default: the selected tenant'),
    ...newUserShape,
  }),
  mode: 'write',
  profile: 'advanced',
  tool: true,
  access: 'authenticated',
  rest: [{ method: 'POST', path: '/api/auth/tenant/users/provision', status: 201 }],
  run: async (ctx, { tenantSlug, ...input }) => {
    const principal = ctx.principal!;
    const tenant = await namedTenant(ctx, principal, tenantSlug);
    if (!canUseOperation(principal, 'users.manage')) throw forbidden('Your role does not allow create_user (users.manage)');
    const user = await withTenant(ctx.db, tenant.id, { readOnly: false }, (tx) =>
      insertUser(tx, principal, input, ctx.services.clock.now()),
    );
    return {
      success: true as const,
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      loginInfo: {
        endpoint: `${ctx.config.mcp.serviceApiUrl.replace(/\/+$/, '')}/auth/tenant/login`,
        // The password is never echoed back (it would land in transcripts and logs).
        body: { email: user.email, password: '<the password given to create_user>' },
        headers: { 'X-Tenant-ID': tenant.slug },
      },
    };
  },
});
