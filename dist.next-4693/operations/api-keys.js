import { z } from "zod";
import { createApiKey as createKey, listApiKeys as listKeys, revokeKey } from "../domain/api-keys/api-key.service.js";
import { bind, defineGlobalOperation } from "./core/operation.js";
import { apiKeyOutput } from "./schemas/auth.js";
const adminOf = (ctx) => ctx.principal;
const newKey = z.object({
  name: z.string().trim().min(1).max(200),
  scope: z.enum(["tenant", "admin"]).default("tenant")
});
const createApiKey = defineGlobalOperation({
  name: "create_api_key",
  title: "Create API key",
  description: 'Creates an API key. scope "tenant" (default) belongs to the selected tenant and acts there with owner rights; scope "admin" acts as you. The key is shown only in this answer.',
  input: newKey,
  output: apiKeyOutput.omit({ adminId: true, lastUsedAt: true }).extend({ key: z.string() }),
  mode: "write",
  profile: "all",
  tool: false,
  access: "admin",
  rest: [bind({ method: "POST", path: "/api/auth/api-keys", status: 201, body: newKey })],
  run: (ctx, input) => createKey(ctx.db, adminOf(ctx), ctx.tenant, input)
});
const listApiKeys = defineGlobalOperation({
  name: "list_api_keys",
  title: "List API keys",
  description: "Lists active API keys (without secrets): { id, name, scope, prefix, tenantId, adminId, createdAt, lastUsedAt }[].",
  input: z.object({}),
  output: z.array(apiKeyOutput),
  mode: "read",
  profile: "all",
  tool: false,
  access: "admin",
  rest: [bind({ method: "GET", path: "/api/auth/api-keys" })],
  run: (ctx) => listKeys(ctx.db)
});
const revokeApiKey = defineGlobalOperation({
  name: "revoke_api_key",
  title: "Revoke API key",
  description: "Revokes an API key; it stops working at once. Answers { id, revoked: true }.",
  input: z.object({ id: z.string().trim().min(1) }),
  output: z.strictObject({ id: z.string(), revoked: z.literal(true) }),
  mode: "write",
  destructive: true,
  idempotent: false,
  profile: "all",
  tool: false,
  access: "admin",
  rest: [bind({ method: "DELETE", path: "/api/auth/api-keys/:id", params: z.object({ id: z.string().trim().min(1) }) })],
  run: (ctx, input) => revokeKey(ctx.db, input.id)
});
export {
  createApiKey,
  listApiKeys,
  revokeApiKey
};
//# sourceMappingURL=api-keys.js.map
