import type { TenantTx } from '../../db/with-tenant.js';
import { notFound, validationError } from '../../errors.js';
import type { Principal, TenantRole, UserPermissions } from '../access/principal.js';
import { hashPassword } from '../auth/passwords.js';
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
