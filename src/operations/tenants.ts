import { z } from 'zod';
import { forbidden } from '../errors.js';
import { listTenants as listAllTenants } from '../domain/tenants/tenant.repository.js';
import { SLUG_PATTERN, createTenant as insertTenant, resolveTenant } from '../domain/tenants/tenant.service.js';
import { defineGlobalOperation } from './operation.js';

const tenantView = (t: { id: string; name: string; slug: string; description: string; createdAt: Date }) => ({
  id: t.id,
  name: t.name,
  slug: t.slug,
  description: t.description,
  createdAt: t.createdAt,
});

export const createTenant = defineGlobalOperation({
  name: 'create_tenant',
  title: 'Create tenant',
  description: 'Creates a tenant (administrators). The slug is derived from the name when not given.',
  input: z.object({
    name: z.string().trim().min(1).max(200),
    slug: z
      .string()
      .trim()
      .min(1)
      .max(63)
      .regex(SLUG_PATTERN, 'lowercase letters and digits in hyphen-separated words, e.g. "acme-shop"')
      .optional(),
    description: z.string().max(2000).optional(),
  }),
  mode: 'write',
  profile: 'all',
  tool: false,
  access: 'admin',
  rest: [{ method: 'POST', path: '/api/auth/tenants', status: 201 }],
  run: async (ctx, input) => tenantView(await insertTenant(ctx.db, input)),
});

export const listTenants = defineGlobalOperation({
  name: 'list_tenants',
  title: 'List tenants',
  description:
    'Lists the tenants you can work in: [{ id, name, slug, description, createdAt }], e.g. slug "acme-shop". Then call select_tenant with a slug.',
  input: z.object({}),
  mode: 'read',
  profile: 'core',
  tool: true,
  access: 'authenticated',
  rest: [{ method: 'GET', path: '/api/auth/tenants' }],
  run: async (ctx) => {
    const all = await listAllTenants(ctx.db);
    const p = ctx.principal!;
    return (p.kind === 'admin' ? all : all.filter((t) => t.id === p.tenantId)).map(tenantView);
  },
});

export const selectTenant = defineGlobalOperation({
  name: 'select_tenant',
  title: 'Select tenant',
  description:
    'Selects the tenant (slug or id) that later entity and record tools act in; call it first, e.g. { "tenantSlug": "acme-shop" }. Answers { tenant } (and a new admin token over REST).',
  input: z.object({ tenantSlug: z.string().trim().min(1).max(200).describe('Tenant slug or id') }),
  mode: 'read',
  idempotent: true,
  profile: 'core',
  tool: true,
  access: 'authenticated',
  rest: [
    {
      method: 'POST',
      path: '/api/auth/tenants/:idOrSlug/select',
      input: (r) => ({ tenantSlug: r.params.idOrSlug }),
    },
  ],
  run: async (ctx, input) => {
    const tenant = await resolveTenant(ctx.db, ctx.services.tenants, input.tenantSlug);
    const p = ctx.principal!;
    if (p.kind !== 'admin' && p.tenantId !== tenant.id) {
      throw forbidden('This credential is limited to its own tenant; list_tenants shows it');
    }
    if (p.kind === 'admin' && p.credential === 'token') {
      const { token } = await ctx.services.jwt.signAdminToken(p.adminId, tenant.id, ctx.config.adminTokenTtlSeconds);
      return { token, tenant };
    }
    return { tenant };
  },
});
