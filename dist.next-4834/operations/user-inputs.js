import { z } from "zod";
import { RECORD_ACTIONS, TENANT_ROLES } from "../domain/access/principal.js";
import { PASSWORD_MIN_LENGTH } from "../domain/auth/passwords.js";
const userEmail = z.string().trim().max(320).pipe(z.email("must be a valid email address"));
const userPassword = z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(1024);
const userName = z.string().trim().min(1).max(200);
const userRole = z.enum(TENANT_ROLES);
const ENTITY_NAME = /^[a-z][a-z0-9_]{0,62}$/;
const userPermissions = z.strictObject({
  entities: z.record(
    z.string().regex(ENTITY_NAME, "must be an entity name"),
    z.array(z.enum(RECORD_ACTIONS)).transform((actions) => [...new Set(actions)])
  ).optional(),
  canManageUsers: z.boolean().optional(),
  canManageSettings: z.boolean().optional()
});
const userMetadata = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.record(z.string(), z.unknown())
);
const newUserShape = {
  email: userEmail,
  password: userPassword,
  name: userName,
  role: userRole.default("member"),
  permissions: userPermissions.optional(),
  metadata: userMetadata.optional()
};
export {
  newUserShape,
  userEmail,
  userMetadata,
  userName,
  userPassword,
  userPermissions,
  userRole
};
//# sourceMappingURL=user-inputs.js.map
