import { z } from 'zod';
import { RECORD_ACTIONS, TENANT_ROLES } from '../domain/access/principal.js';
import { PASSWORD_MIN_LENGTH } from '../domain/auth/passwords.js';

/** Input schemas shared by the user operations (REST and MCP). */
export const userEmail = z.string().trim().max(320).pipe(z.email('must be a valid email address'));
export const userPassword = z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(1024);
export const userName = z.string().trim().min(1).max(200);
export const userRole = z.enum(TENANT_ROLES);

const ENTITY_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** The shape of `permissions` (docs/users.md); unknown keys are refused so a typo never silently grants nothing. */
export const userPermissions = z.strictObject({
  entities: z
    .record(
      z.string().regex(ENTITY_NAME, 'must be an entity name'),
      z.array(z.enum(RECORD_ACTIONS)).transform((actions) => [...new Set(actions)]),
    )
    .optional(),
  canManageUsers: z.boolean().optional(),
  canManageSettings: z.boolean().optional(),
});

/** Free-form key/value; MCP clients may send it as a JSON string (docs/mcp.md). */
export const userMetadata = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.record(z.string(), z.unknown()),
);

/** The fields of a new user, as both create operations take them. */
export const newUserShape = {
  email: userEmail,
  password: userPassword,
  name: userName,
  role: userRole.default('member'),
  permissions: userPermissions.optional(),
  metadata: userMetadata.optional(),
};
