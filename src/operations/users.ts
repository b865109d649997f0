import { z } from 'zod';
import { changePassword, createUser, deleteUser, getUser, listUsers, updateUser } from '../domain/users/user.service.js';
import { defineTenantOperation } from './operation.js';
import { newUserShape, userMetadata, userName, userPassword, userPermissions, userRole } from './user-inputs.js';

const userId = z.string().trim().min(1).describe('User id (UUID)');
const now = (ctx: { services: { clock: { now(): Date } } }) => ctx.services.clock.now();

export const createTenantUser = defineTenantOperation({
  name: 'create_tenant_user',
  title: 'Create tenant user',
  description: 'Creates a user of the tenant who can log in at POST /api/auth/tenant/login. Answers the user (never its password).',
  input: z.object({
    ...newUserShape,
  }),
  mode: 'write',
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [{ method: 'POST', path: '/api/auth/tenant/users', status: 201 }],
  run: (ctx, input) => createUser(ctx.tx, ctx.principal, input, now(ctx)),
});

export const listTenantUsers = defineTenantOperation({
  name: 'list_users',
  title: 'List users',
  description:
    'Lists the users of the selected tenant, e.g. [{ "id": "…", "email": "ana@acme.com", "name": "Ana", "role": "member", isActive, permissions, metadata, lastLoginAt, createdAt, updatedAt }] (never passwords).',
  input: z.object({}),
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'users.manage' },
  rest: [{ method: 'GET', path: '/api/auth/tenant/users' }],
  run: (ctx) => listUsers(ctx.tx),
});

export const getTenantUser = defineTenantOperation({
  name: 'get_user',
  title: 'Get user',
  description: 'One user of the selected tenant by id.',
  input: z.object({ id: userId }),
  mode: 'read',
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [{ method: 'GET', path: '/api/auth/tenant/users/:id' }],
  run: (ctx, input) => getUser(ctx.tx, input.id),
});

export const updateTenantUser = defineTenantOperation({
  name: 'update_user',
  title: 'Update user',
  description:
    "Changes a user: any of name, role, permissions, isActive, metadata (others keep their value). Deactivating ends the user's sessions. The password has its own route.",
  input: z.strictObject({
    id: userId,
    name: userName.optional(),
    role: userRole.optional(),
    permissions: userPermissions.optional(),
    isActive: z.boolean().optional(),
    metadata: userMetadata.optional(),
  }),
  mode: 'write',
  idempotent: true,
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [
    { method: 'PUT', path: '/api/auth/tenant/users/:id' },
    { method: 'PATCH', path: '/api/auth/tenant/users/:id' },
  ],
  run: (ctx, { id, ...changes }) => updateUser(ctx.tx, ctx.principal, id, changes, now(ctx)),
});

export const changeTenantUserPassword = defineTenantOperation({
  name: 'change_user_password',
  title: 'Change user password',
  description:
    "Sets a user's password and ends the user's sessions (except the caller's own). Answers { id, passwordChanged: true, sessionsEnded }.",
  input: z.object({ id: userId, password: userPassword }),
  mode: 'write',
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [{ method: 'PUT', path: '/api/auth/tenant/users/:id/password' }],
  run: (ctx, input) => changePassword(ctx.tx, ctx.principal, input.id, input.password, now(ctx)),
});

export const deleteTenantUser = defineTenantOperation({
  name: 'delete_user',
  title: 'Delete user',
  description: 'Deletes a user and its sessions. Answers { id, deleted: true }.',
  input: z.object({ id: userId }),
  mode: 'write',
  destructive: true,
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [{ method: 'DELETE', path: '/api/auth/tenant/users/:id' }],
  run: (ctx, input) => deleteUser(ctx.tx, ctx.principal, input.id),
});
