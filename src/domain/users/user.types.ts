import type { TenantRole, UserPermissions } from '../access/principal.js';

/** A tenant user as every route answers it (docs/users.md): never a password or hash. */
export interface UserView {
  id: string;
  email: string;
  name: string;
  role: TenantRole;
  isActive: boolean;
  permissions: UserPermissions;
  metadata: Record<string, unknown>;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What login needs besides the view. Stays inside the domain; never returned. */
export interface UserCredentials {
  id: string;
  email: string;
  name: string;
  role: TenantRole;
  isActive: boolean;
  passwordHash: string;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  role: TenantRole;
  permissions: UserPermissions;
  metadata: Record<string, unknown>;
}

export interface UserChanges {
  name?: string | undefined;
  role?: TenantRole | undefined;
  permissions?: UserPermissions | undefined;
  isActive?: boolean | undefined;
  metadata?: Record<string, unknown> | undefined;
}
