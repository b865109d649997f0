import { z } from "zod";
import { loginAdmin, logoutAdmin } from "../domain/admins/admin.service.js";
import { bind, defineGlobalOperation } from "./core/operation.js";
import { withEffects } from "./core/result.js";
import { adminOutput, loggedOutOutput, tenantRefOutput } from "./schemas/auth.js";
const credentials = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) });
const adminLogin = defineGlobalOperation({
  name: "admin_login",
  title: "Administrator login",
  description: "Logs an administrator in with email and password; answers { token, admin } and sets the admin cookie.",
  input: credentials,
  output: z.strictObject({ token: z.string(), admin: adminOutput }),
  mode: "write",
  profile: "all",
  tool: false,
  access: "public",
  rest: [bind({ method: "POST", path: "/api/auth/login", body: credentials })],
  run: async (ctx, input) => {
    const answer = await loginAdmin(ctx.db, ctx.services, ctx.config.adminTokenTtlSeconds, input, ctx.clientAddress);
    return withEffects(answer, {
      effects: [{ kind: "admin_session_started", token: answer.token, maxAgeSeconds: ctx.config.adminTokenTtlSeconds }]
    });
  }
});
const adminLogout = defineGlobalOperation({
  name: "admin_logout",
  title: "Administrator logout",
  description: "Ends the login of the admin token used for the call \u2014 that token and every token made from the same login (tenant selections) \u2014 and clears the admin cookie; answers { loggedOut: true }.",
  input: z.object({}),
  output: loggedOutOutput,
  mode: "write",
  idempotent: true,
  profile: "all",
  tool: false,
  access: "public",
  rest: [bind({ method: "POST", path: "/api/auth/logout" })],
  run: async (ctx) => withEffects(await logoutAdmin(ctx.db, ctx.principal, { now: ctx.services.clock.now(), ttlSeconds: ctx.config.adminTokenTtlSeconds }), {
    effects: [{ kind: "admin_session_ended" }]
  })
});
const adminMe = defineGlobalOperation({
  name: "admin_me",
  title: "Current administrator",
  description: "The calling administrator and the tenant selected for this call, if any.",
  input: z.object({}),
  output: z.strictObject({ admin: adminOutput, tenant: tenantRefOutput.nullable() }),
  mode: "read",
  profile: "all",
  tool: false,
  access: "admin",
  rest: [bind({ method: "GET", path: "/api/auth/me" })],
  run: async (ctx) => {
    const p = ctx.principal;
    if (p?.kind !== "admin") throw new Error("unreachable: admin access checked");
    return { admin: { id: p.adminId, email: p.email, name: p.name }, tenant: ctx.tenant };
  }
});
export {
  adminLogin,
  adminLogout,
  adminMe
};
//# sourceMappingURL=auth.js.map
