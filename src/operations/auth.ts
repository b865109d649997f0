import { z } from 'zod';
import { loginAdmin, logoutAdmin } from '../domain/admins/admin.service.js';
import { defineGlobalOperation } from './operation.js';

export const adminLogin = defineGlobalOperation({
  name: 'admin_login',
  title: 'Administrator login',
  description: 'Logs an administrator in with email and password; answers { token, admin } and sets the admin cookie.',
  input: z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) }),
  mode: 'write',
  profile: 'all',
  tool: false,
  access: 'public',
  rest: [{ method: 'POST', path: '/api/auth/login' }],
  run: (ctx, input) => loginAdmin(ctx.db, ctx.services, ctx.config.adminTokenTtlSeconds, input, ctx.clientAddress),
});

export const adminLogout = defineGlobalOperation({
  name: 'admin_logout',
  title: 'Administrator logout',
  description: 'Revokes the admin token used for the call and clears the admin cookie; answers { loggedOut: true }.',
  input: z.object({}),
  mode: 'write',
  idempotent: true,
  profile: 'all',
  tool: false,
  access: 'public',
  rest: [{ method: 'POST', path: '/api/auth/logout' }],
  run: (ctx) => logoutAdmin(ctx.db, ctx.principal),
});

export const adminMe = defineGlobalOperation({
  name: 'admin_me',
  title: 'Current administrator',
  description: 'The calling administrator and the tenant selected for this call, if any.',
  input: z.object({}),
  mode: 'read',
  profile: 'all',
  tool: false,
  access: 'admin',
  rest: [{ method: 'GET', path: '/api/auth/me' }],
  run: async (ctx) => {
    const p = ctx.principal;
    if (p?.kind !== 'admin') throw new Error('unreachable: admin access checked');
    return { admin: { id: p.adminId, email: p.email, name: p.name }, tenant: ctx.tenant };
  },
});
