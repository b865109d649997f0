import { api, data } from './client.ts';
import type { Answer } from './answers.ts';
import type { Permissions, Role, TenantUser } from './types.ts';

export type Rights = Answer<'get_user_rights'>;

export const listUsers = () => data<TenantUser[]>()(api.GET('/api/auth/tenant/users'));

export interface NewUser {
  email: string;
  name: string;
  password: string;
  role: Role;
}

export const createUser = (user: NewUser) => data<TenantUser>()(api.POST('/api/auth/tenant/users', { body: user }));

export interface UserChanges {
  name?: string;
  role?: Role;
  isActive?: boolean;
  permissions?: Permissions;
}

export const updateUser = (id: string, changes: UserChanges) =>
  data<TenantUser>()(api.PATCH('/api/auth/tenant/users/{id}', { params: { path: { id } }, body: changes }));

export const changePassword = (id: string, password: string) =>
  data<{ id: string; passwordChanged: boolean; sessionsEnded: number }>()(
    api.PUT('/api/auth/tenant/users/{id}/password', { params: { path: { id } }, body: { password } }),
  );

export const deleteUser = (id: string) =>
  data<{ id: string; deleted: boolean }>()(api.DELETE('/api/auth/tenant/users/{id}', { params: { path: { id } } }));

/** A user's effective rights (`me`: the caller's), as the service enforces them (docs/users.md). */
export const getUserRights = (id: string) => data<Rights>()(api.GET('/api/auth/tenant/users/{id}/rights', { params: { path: { id } } }));
