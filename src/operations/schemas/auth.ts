import { z } from 'zod';
import { TENANT_ROLES, RECORD_ACTIONS } from '../../domain/access/principal.js';
import { timestamp } from '../core/schemas.js';

export const tenantRefOutput = z.strictObject({ id: z.string(), slug: z.string(), name: z.string() });

export const tenantOutput = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  createdAt: timestamp,
});

export const adminOutput = z.strictObject({ id: z.string(), email: z.string(), name: z.string() });

export const loggedOutOutput = z.strictObject({ loggedOut: z.literal(true) });

export const permissionsOutput = z.strictObject({
  entities: z.record(z.string(), z.array(z.enum(RECORD_ACTIONS))).optional(),
  canManageUsers: z.boolean().optional(),
  canManageSettings: z.boolean().optional(),
});

/** A tenant user as every route answers it: never a password or hash. */
export const userOutput = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(TENANT_ROLES),
  isActive: z.boolean(),
  permissions: permissionsOutput,
  metadata: z.record(z.string(), z.unknown()),
  lastLoginAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const userSummaryOutput = z.strictObject({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(TENANT_ROLES) });

export const tenantLoginOutput = z.strictObject({ token: z.string(), expiresAt: timestamp, user: userSummaryOutput });

export const apiKeyOutput = z.strictObject({
  id: z.string(),
  name: z.string(),
  scope: z.enum(['tenant', 'admin']),
  prefix: z.string(),
  tenantId: z.string().nullable(),
  adminId: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
});
