import type { TenantTx } from '../../db/with-tenant.js';
import { forbidden, notFound, validationError } from '../../errors.js';
import { canUseOperation } from '../access/permissions.js';
import type { Principal, TenantRole, UserPermissions } from '../access/principal.js';
import { effectiveRights, userAsPrincipal, type EffectiveRights } from '../access/rights.js';
import { hashPassword } from '../auth/passwords.js';
import { listEntityNames } from '../entities/entity.repository.js';
import { deleteUserSessions } from './session.repository.js';
import * as users from './user.repository.js';
import { assertMayManage } from './user.rules.js';
import type { UserChanges, UserView } from './user.types.js';
import { isUuid } from '../../uuid.js';

export interface CreateUserInput {
  email: string;
  password: string;
  name: string;
  role: TenantRole;
  permissions?: UserPermissions | undefined;
  metadata?: Record<string, unknown> | undefined;
}

async function existing(tx: TenantTx, id: string): Promise<UserView> {
  const user = isUuid(id) ? await users.findUser(tx, id) : undefined;
  if (!user) throw notFound(`User ${id} not found in this tenant`);
  return user;
}

export async function createUser(tx: TenantTx, actor: Principal, input: CreateUserInput, now: Date): Promise<UserView> {
  assertMayManage(actor, 'create_user', { role: input.role, permissions: input.permissions });
  const passwordHash = await hashPassword(input.password);
  return users.insertUser(
    tx,
    {
      email: input.email.toLowerCase(),
      name: input.name,
      passwordHash,
      role: input.role,
      permissions: input.permissions ?? {},
      metadata: input.metadata ?? {},
    },
    now,
  );
}

export const listUsers = (tx: TenantTx) => users.listUsers(tx);

export const getUser = (tx: TenantTx, id: string) => existing(tx, id);

/** Partial update. Deactivating a user also ends its sessions, so reactivation needs a new login. */
export async function updateUser(tx: TenantTx, actor: Principal, id: string, changes: UserChanges, now: Date): Promise<UserView> {
  if (Object.values(changes).every((v) => v === undefined)) {
    throw validationError('Nothing to update: send at least one of name, role, permissions, isActive, metadata');
  }
  const target = await existing(tx, id);
  assertMayManage(actor, 'update_user', { target, role: changes.role, permissions: changes.permissions });
  const updated = await users.updateUser(tx, id, changes, now);
  if (!updated) throw notFound(`User ${id} not found in this tenant`);
  if (changes.isActive === false) await deleteUserSessions(tx, id);
  return updated;
}

/**
 * Sets a new password and ends the user's sessions — all of them, except the caller's own when
 * users change their own password.
 */
export async function changePassword(tx: TenantTx, actor: Principal, id: string, password: string, now: Date) {
  const target = await existing(tx, id);
  assertMayManage(actor, 'change_user_password', { target });
  await users.setPasswordHash(tx, id, await hashPassword(password), now);
  const keep = actor.kind === 'tenant_user' && actor.userId === id ? actor.sessionId : undefined;
  const sessionsEnded = await deleteUserSessions(tx, id, keep);
  return { id, passwordChanged: true as const, sessionsEnded };
}

export async function deleteUser(tx: TenantTx, actor: Principal, id: string) {
  const target = await existing(tx, id);
  assertMayManage(actor, 'delete_user', { target });
  await users.deleteUser(tx, id);
  return { id, deleted: true as const };
}

/** Whose rights `getUserRights` answered: the caller (`me`) may be any credential, another only a tenant user. */
export interface RightsSubject {
  kind: 'tenant_user' | 'admin' | 'tenant_key' | 'bot';
  id: string;
  role: TenantRole | null;
  isActive: boolean;
}

/**
 * A user's effective rights (docs/users.md "Effective rights"): `me`, or the caller's own user id,
 * answers the caller's; anyone else's is for user managers only, and is checked before the id is
 * looked up so a refused caller learns nothing of which ids exist.
 */
export async function getUserRights(tx: TenantTx, actor: Principal, id: string): Promise<{ subject: RightsSubject } & EffectiveRights> {
  const self = id === 'me' || (actor.kind === 'tenant_user' && actor.userId === id.toLowerCase());
  if (!self && !canUseOperation(actor, 'users.manage')) {
    throw forbidden("Your role allows asking only about your own rights (use 'me'); another user's rights are for user managers");
  }
  const [subject, principal] = self ? callerAsSubject(actor) : await storedUser(tx, id);
  return { subject, ...effectiveRights(principal, await listEntityNames(tx)) };
}

function callerAsSubject(actor: Principal): [RightsSubject, Principal] {
  switch (actor.kind) {
    case 'tenant_user':
      return [{ kind: actor.kind, id: actor.userId, role: actor.role, isActive: true }, actor];
    case 'bot':
      return [{ kind: actor.kind, id: actor.botId, role: actor.role, isActive: true }, actor];
    case 'admin':
      return [{ kind: actor.kind, id: actor.adminId, role: null, isActive: true }, actor];
    case 'tenant_key':
      return [{ kind: actor.kind, id: actor.keyId, role: null, isActive: true }, actor];
    case 'channel':
      // get_user_rights requires schema.read, which a channel never holds.
      throw forbidden('A channel has no user rights to answer');
    default: {
      const never: never = actor;
      throw new Error(`unknown principal ${JSON.stringify(never)}`);
    }
  }
}

async function storedUser(tx: TenantTx, id: string): Promise<[RightsSubject, Principal]> {
  const user = await existing(tx, id);
  return [{ kind: 'tenant_user', id: user.id, role: user.role, isActive: user.isActive }, userAsPrincipal(tx.tenantId, user)];
}
