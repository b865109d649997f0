import { z } from "zod";
import { withTenant } from "../db/with-tenant.js";
import { resolveTenant } from "../domain/tenants/tenant.service.js";
import { loginTenantUser, logoutMcpUserToken, logoutTenantUser } from "../domain/users/session.service.js";
import { createUser as insertUser, getUser } from "../domain/users/user.service.js";
import { bySurface, forbidden, toolRef } from "../errors.js";
import { bind, defineGlobalOperation, defineTenantOperation } from "./core/operation.js";
import { loggedOutOutput, tenantLoginOutput, userOutput, userSummaryOutput } from "./schemas/auth.js";
import { newUserShape } from "./user-inputs.js";
const loginInput = {
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024)
};
const tenantName = z.string().trim().min(1).max(200);
const loginDeps = (ctx) => ctx.services;
const tenantUserLogin = defineGlobalOperation({
  name: "tenant_user_login",
  title: "Tenant user login",
  description: "Logs a tenant user in. Send only the X-Tenant-ID header (tenant slug) with { email, password }; answers { token, expiresAt, user }. The token is valid 7 days, in X-API-Key or Authorization: Bearer.",
  input: z.object({ tenantSlug: tenantName, ...loginInput }),
  output: tenantLoginOutput,
  mode: "write",
  profile: "all",
  tool: false,
  access: "public",
  rest: [
    bind({
      method: "POST",
      path: "/api/auth/tenant/login",
      headers: z.object({ "x-tenant-id": tenantName.describe("The tenant slug (or id) the user belongs to") }),
      body: z.object(loginInput),
      argumentNames: { tenantSlug: "X-Tenant-ID header" },
      map: ({ headers, body }) => ({ ...body, tenantSlug: headers["x-tenant-id"] })
    })
  ],
  run: async (ctx, input) => {
    const tenant = await resolveTenant(ctx.db, ctx.services.tenants, input.tenantSlug);
    return loginTenantUser(ctx.db, loginDeps(ctx), tenant, input, ctx.clientAddress, "rest");
  }
});
const mcpLoginInput = z.object({ tenantSlug: tenantName.describe("Tenant slug or id"), ...loginInput });
const tenantLogin = defineGlobalOperation({
  name: "tenant_login",
  title: "Log in as a tenant user",
  description: `Logs in as a user of a tenant, e.g. { "tenantSlug": "acme-shop", "email": "ana@acme.com", "password": "\u2026" }, and answers { token, expiresAt, user }: a JWT for this MCP server, valid 7 days, acting with that user's role.`,
  input: mcpLoginInput,
  output: tenantLoginOutput,
  mode: "write",
  profile: "core",
  tool: true,
  access: "public",
  rest: [bind({ method: "POST", path: "/api/auth/tenant/mcp-login", body: mcpLoginInput })],
  run: async (ctx, input) => {
    const tenant = await resolveTenant(ctx.db, ctx.services.tenants, input.tenantSlug);
    return loginTenantUser(ctx.db, loginDeps(ctx), tenant, input, ctx.clientAddress, "mcp");
  }
});
function tenantUser(principal, action) {
  if (principal?.kind !== "tenant_user") {
    throw forbidden(
      `${action} is for tenant-user tokens (${bySurface({ rest: "from POST /api/auth/tenant/login", mcp: `from ${toolRef("tenant_login")}` })})`
    );
  }
  return principal;
}
const tenantLogout = defineGlobalOperation({
  name: "tenant_logout",
  title: "Tenant user logout",
  description: "Ends the session of the user token this call carries (e.g. the tenant_login token of this MCP connection); it answers 401 afterwards.",
  input: z.object({}),
  output: loggedOutOutput,
  mode: "write",
  idempotent: true,
  profile: "core",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "POST", path: "/api/auth/tenant/logout" })],
  run: (ctx) => logoutTenantUser(ctx.db, tenantUser(ctx.principal, "tenant_logout"))
});
const mcpLogoutInput = z.object({ token: z.string().trim().min(1).max(4096).describe("A token tenant_login answered") });
const tenantMcpLogout = defineGlobalOperation({
  name: "tenant_mcp_logout",
  title: "End an MCP user token",
  description: 'Ends the session of an MCP user token (from tenant_login or POST /api/auth/tenant/mcp-login), given in the body: e.g. { "token": "eyJ\u2026" }. REST does not accept MCP tokens as credentials, so the token itself is the authority.',
  input: mcpLogoutInput,
  output: loggedOutOutput,
  mode: "write",
  profile: "all",
  tool: false,
  access: "public",
  rest: [bind({ method: "POST", path: "/api/auth/tenant/mcp-logout", body: mcpLogoutInput })],
  run: (ctx, input) => logoutMcpUserToken(ctx.db, ctx.services, input.token)
});
const tenantMe = defineGlobalOperation({
  name: "tenant_me",
  title: "Current tenant user",
  description: "The user behind the token used for the call.",
  input: z.object({}),
  output: userOutput,
  mode: "read",
  profile: "all",
  tool: false,
  access: "authenticated",
  rest: [bind({ method: "GET", path: "/api/auth/tenant/me" })],
  run: (ctx) => {
    const user = tenantUser(ctx.principal, "tenant_me");
    return withTenant(ctx.db, user.tenantId, { readOnly: true }, (tx) => getUser(tx, user.userId));
  }
});
const provisionInput = z.object({
  tenantSlug: tenantName.optional().describe("Tenant slug or id; default: the selected tenant"),
  ...newUserShape
});
const createUserTool = defineTenantOperation({
  name: "create_user",
  title: "Create user",
  description: 'Creates a user of a tenant (tenantSlug, or the selected tenant), e.g. { "email": "ana@acme.com", "password": "8+ characters", "name": "Ana", "role": "member" } (roles owner | admin | member | viewer). Answers { success, user, loginInfo } telling how the user logs in.',
  input: provisionInput,
  output: z.strictObject({
    success: z.literal(true),
    user: userSummaryOutput,
    loginInfo: z.strictObject({
      endpoint: z.string(),
      body: z.strictObject({ email: z.string(), password: z.string() }),
      headers: z.strictObject({ "X-Tenant-ID": z.string() })
    })
  }),
  mode: "write",
  profile: "advanced",
  tool: true,
  access: { tenant: "users.manage" },
  tenantFrom: (input) => input.tenantSlug,
  rest: [
    bind({
      method: "POST",
      path: "/api/auth/tenant/users/provision",
      status: 201,
      description: bySurface({
        rest: "Creates a user of the tenant named by tenantSlug (or by X-Tenant-ID) and answers how the user logs in.",
        mcp: "Creates a user of the tenant named by tenantSlug and answers how the user logs in."
      }),
      body: provisionInput
    })
  ],
  run: async (ctx, { tenantSlug: _named, ...input }) => {
    const user = await insertUser(ctx.tx, ctx.principal, input, ctx.services.clock.now());
    return {
      success: true,
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      loginInfo: {
        endpoint: `${ctx.config.mcp.serviceApiUrl.replace(/\/+$/, "")}/auth/tenant/login`,
        // The password is never echoed back (it would land in transcripts and logs).
        body: { email: user.email, password: "<the password given to create_user>" },
        headers: { "X-Tenant-ID": ctx.tenant.slug }
      }
    };
  }
});
export {
  createUserTool,
  tenantLogin,
  tenantLogout,
  tenantMcpLogout,
  tenantMe,
  tenantUserLogin
};
//# sourceMappingURL=tenant-auth.js.map
