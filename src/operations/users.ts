import { z } from 'zod';
import { RECORD_ACTIONS, TENANT_ROLES } from '../domain/access/principal.js';
import { changePassword, createUser, deleteUser, getUser, getUserRights, listUsers, updateUser } from '../domain/users/user.service.js';
import { bind, defineTenantOperation } from './core/operation.js';
import { deleted } from './core/schemas.js';
import { userOutput } from './schemas/auth.js';
import { newUserShape, userMetadata, userName, userPassword, userPermissions, userRole } from './user-inputs.js';

const userId = z.string().trim().min(1).max(100).describe('User id (UUID)');
const userParams = z.object({ id: userId });
const now = (ctx: { services: { clock: { now(): Date } } }) => ctx.services.clock.now();

const newUser = z.object(newUserShape);

export const createTenantUser = defineTenantOperation({
  name: 'create_tenant_user',
  title: 'Create tenant user',
  description: 'Creates a user of the tenant who can log in at POST /api/auth/tenant/login. Answers the user (never its password).',
  input: newUser,
  output: userOutput,
  mode: 'write',
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [bind({ method: 'POST', path: '/api/auth/tenant/users', status: 201, body: newUser })],
  run: (ctx, input) => createUser(ctx.tx, ctx.principal, input, now(ctx)),
});

export const listTenantUsers = defineTenantOperation({
  name: 'list_users',
  title: 'List users',
  description:
    'Lists the users of the selected tenant, e.g. [{ "id": "…", "email": "ana@acme.com", "name": "Ana", "role": "member", isActive, permissions, metadata, lastLoginAt, createdAt, updatedAt }] (never passwords).',
  input: z.object({}),
  output: z.array(userOutput),
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'users.manage' },
  rest: [bind({ method: 'GET', path: '/api/auth/tenant/users' })],
  run: (ctx) => listUsers(ctx.tx),
});

export const getTenantUser = defineTenantOperation({
  name: 'get_user',
  title: 'Get user',
  description: 'One user of the selected tenant by id.',
  input: z.object({ id: userId }),
  output: userOutput,
  mode: 'read',
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [bind({ method: 'GET', path: '/api/auth/tenant/users/:id', params: userParams })],
  run: (ctx, input) => getUser(ctx.tx, input.id),
});

const userChanges = z.strictObject({
  name: userName.optional(),
  role: userRole.optional(),
  permissions: userPermissions.optional(),
  isActive: z.boolean().optional(),
  metadata: userMetadata.optional(),
});

const updateBinding = (method: 'PUT' | 'PATCH') =>
  bind({ method, path: '/api/auth/tenant/users/:id', params: userParams, body: userChanges });

export const updateTenantUser = defineTenantOperation({
  name: 'update_user',
  title: 'Update user',
  description:
    "Changes a user: any of name, role, permissions, isActive, metadata (others keep their value). Deactivating ends the user's sessions. The password has its own route.",
  input: userChanges.extend({ id: userId }),
  output: userOutput,
  mode: 'write',
  idempotent: true,
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [updateBinding('PUT'), updateBinding('PATCH')],
  run: (ctx, { id, ...changes }) => updateUser(ctx.tx, ctx.principal, id, changes, now(ctx)),
});

const passwordBody = z.object({ password: userPassword });

export const changeTenantUserPassword = defineTenantOperation({
  name: 'change_user_password',
  title: 'Change user password',
  description:
    "Sets a user's password and ends the user's sessions (except the caller's own). Answers { id, passwordChanged: true, sessionsEnded }.",
  input: passwordBody.extend({ id: userId }),
  output: z.strictObject({ id: z.string(), passwordChanged: z.literal(true), sessionsEnded: z.number().int() }),
  mode: 'write',
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [bind({ method: 'PUT', path: '/api/auth/tenant/users/:id/password', params: userParams, body: passwordBody })],
  run: (ctx, input) => changePassword(ctx.tx, ctx.principal, input.id, input.password, now(ctx)),
});

export const deleteTenantUser = defineTenantOperation({
  name: 'delete_user',
  title: 'Delete user',
  description: 'Deletes a user and its sessions. Answers { id, deleted: true }.',
  input: z.object({ id: userId }),
  output: deleted,
  mode: 'write',
  destructive: true,
  profile: 'all',
  tool: false,
  access: { tenant: 'users.manage' },
  rest: [bind({ method: 'DELETE', path: '/api/auth/tenant/users/:id', params: userParams })],
  run: (ctx, input) => deleteUser(ctx.tx, ctx.principal, input.id),
});

const rightsId = z
  .string()
  .trim()
  .regex(/^(me|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/, 'must be a user id (UUID) or me')
  .describe('User id (UUID), or me for the caller');

const rightsOutput = z.strictObject({
  subject: z.strictObject({
    kind: z.enum(['tenant_user', 'admin', 'tenant_key', 'bot']),
    id: z.string(),
    role: z.enum(TENANT_ROLES).nullable(),
    isActive: z.boolean(),
  }),
  tenant: z.strictObject({ manageUsers: z.boolean(), changeSchema: z.boolean(), writeSites: z.boolean(), manageBots: z.boolean() }),
  entities: z.array(
    z.strictObject({ entity: z.string(), actions: z.array(z.enum(RECORD_ACTIONS)), source: z.enum(['role', 'override', 'credential']) }),
  ),
});

export const getTenantUserRights = defineTenantOperation({
  name: 'get_user_rights',
  title: "Get a user's effective rights",
  description:
    "What a user may do, as the service enforces it: { subject, tenant: { manageUsers, changeSchema, writeSites, manageBots }, entities: [{ entity, actions, source }] }, source role | override | credential. The id me answers the caller's own rights (any credential); another user's are for user managers.",
  input: z.object({ id: rightsId }),
  output: rightsOutput,
  mode: 'read',
  profile: 'all',
  // REST only: the grouped MCP profile has no room under its 2,500-token budget (docs/users.md).
  tool: false,
  // Every role may ask about itself; run() requires users.manage for anyone else.
  access: { tenant: 'schema.read' },
  rest: [bind({ method: 'GET', path: '/api/auth/tenant/users/:id/rights', params: z.object({ id: rightsId }) })],
  run: (ctx, input) => getUserRights(ctx.tx, ctx.principal, input.id),
});
