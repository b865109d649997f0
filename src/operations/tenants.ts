import { z } from 'zod';
import { boundTenantOf, resolveVisibleTenant } from '../domain/credentials/request-tenant.js';
import { listTenants as listAllTenants } from '../domain/tenants/tenant.repository.js';
import { SLUG_PATTERN, createTenant as insertTenant } from '../domain/tenants/tenant.service.js';
import { toolRef } from '../errors.js';
import { bind, defineGlobalOperation } from './core/operation.js';
import { withEffects, type Effect } from './core/result.js';
import { tenantOutput, tenantRefOutput } from './schemas/auth.js';

const tenantView = (t: { id: string; name: string; slug: string; description: string; createdAt: Date }) => ({
  id: t.id,
  name: t.name,
  slug: t.slug,
  description: t.description,
  createdAt: t.createdAt,
});

const newTenant = z.object({
  name: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .trim()
    .min(1)
    .max(63)
    .regex(SLUG_PATTERN, 'lowercase letters and digits in hyphen-separated words, e.g. "acme-shop"')
    .optional(),
  description: z.string().max(2000).optional(),
});

export const createTenant = defineGlobalOperation({
  name: 'create_tenant',
  title: 'Create tenant',
  description: 'Creates a tenant (administrators). The slug is derived from the name when not given.',
  input: newTenant,
  output: tenantOutput,
  mode: 'write',
  profile: 'all',
  tool: false,
  access: 'admin',
  rest: [bind({ method: 'POST', path: '/api/auth/tenants', status: 201, body: newTenant })],
  run: async (ctx, input) => tenantView(await insertTenant(ctx.db, input)),
});

export const listTenants = defineGlobalOperation({
  name: 'list_tenants',
  title: 'List tenants',
  description: `Lists the tenants you can work in: [{ id, name, slug, description, createdAt }], e.g. slug "acme-shop". Then call ${toolRef('select_tenant')} with a slug.`,
  input: z.object({}),
  output: z.array(tenantOutput),
  mode: 'read',
  profile: 'core',
  tool: true,
  access: 'authenticated',
  rest: [bind({ method: 'GET', path: '/api/auth/tenants' })],
  run: async (ctx) => {
    const all = await listAllTenants(ctx.db);
    const bound = boundTenantOf(ctx.principal!);
    return (bound === null ? all : all.filter((t) => t.id === bound)).map(tenantView);
  },
});

export const selectTenant = defineGlobalOperation({
  name: 'select_tenant',
  title: 'Select tenant',
  description:
    'Selects the tenant (slug or id) that later entity and record tools act in; call it first, e.g. { "tenantSlug": "acme-shop" }. Answers { tenant } (and a new admin token over REST).',
  input: z.object({ tenantSlug: z.string().trim().min(1).max(200).describe('Tenant slug or id') }),
  output: z.strictObject({ token: z.string().optional(), tenant: tenantRefOutput }),
  mode: 'read',
  idempotent: true,
  profile: 'core',
  tool: true,
  access: 'authenticated',
  rest: [
    bind({
      method: 'POST',
      path: '/api/auth/tenants/:idOrSlug/select',
      description:
        'Selects a tenant for an admin token: answers { token, tenant }, a new admin token carrying the tenant (and the admin cookie).',
      params: z.object({ idOrSlug: z.string().trim().min(1).max(200).describe('Tenant slug or id') }),
      argumentNames: { tenantSlug: 'idOrSlug' },
      map: ({ params }) => ({ tenantSlug: params.idOrSlug }),
    }),
  ],
  run: async (ctx, input) => {
    const p = ctx.principal!;
    // A credential bound to a tenant finds only its own: another tenant answers as a missing one.
    const tenant = await resolveVisibleTenant(ctx.db, ctx.services.tenants, p, input.tenantSlug);
    const effects: Effect[] = [{ kind: 'tenant_selected', tenant }];
    if (p.kind === 'admin' && p.credential === 'token' && p.tokenStamp) {
      // The new token joins the caller's login family (logging out of either ends both) and keeps
      // its credential stamp (a password reset ends both).
      const { token } = await ctx.services.jwt.signAdminToken(
        p.adminId,
        tenant.id,
        ctx.config.adminTokenTtlSeconds,
        p.tokenStamp,
        p.tokenFamily,
      );
      effects.push({ kind: 'admin_session_started', token, maxAgeSeconds: ctx.config.adminTokenTtlSeconds });
      return withEffects({ token, tenant }, { effects });
    }
    return withEffects({ tenant }, { effects });
  },
});
