import { z } from "zod";
import { TENANT_ROLES, RECORD_ACTIONS } from "../../domain/access/principal.js";
import { timestamp } from "../core/schemas.js";
const tenantRefOutput = z.strictObject({ id: z.string(), slug: z.string(), name: z.string() });
const tenantOutput = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  createdAt: timestamp
});
const adminOutput = z.strictObject({ id: z.string(), email: z.string(), name: z.string() });
const loggedOutOutput = z.strictObject({ loggedOut: z.literal(true) });
const permissionsOutput = z.strictObject({
  entities: z.record(z.string(), z.array(z.enum(RECORD_ACTIONS))).optional(),
  canManageUsers: z.boolean().optional(),
  canManageSettings: z.boolean().optional()
});
const userOutput = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(TENANT_ROLES),
  isActive: z.boolean(),
  permissions: permissionsOutput,
  metadata: z.record(z.string(), z.unknown()),
  lastLoginAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp
});
const userSummaryOutput = z.strictObject({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(TENANT_ROLES) });
const tenantLoginOutput = z.strictObject({ token: z.string(), expiresAt: timestamp, user: userSummaryOutput });
const apiKeyOutput = z.strictObject({
  id: z.string(),
  name: z.string(),
  scope: z.enum(["tenant", "admin"]),
  prefix: z.string(),
  tenantId: z.string().nullable(),
  adminId: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable()
});
export {
  adminOutput,
  apiKeyOutput,
  loggedOutOutput,
  permissionsOutput,
  tenantLoginOutput,
  tenantOutput,
  tenantRefOutput,
  userOutput,
  userSummaryOutput
};
//# sourceMappingURL=auth.js.map
