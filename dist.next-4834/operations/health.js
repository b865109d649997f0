import { z } from "zod";
import { bind, defineGlobalOperation } from "./core/operation.js";
const health = defineGlobalOperation({
  name: "health",
  title: "Health",
  description: 'Liveness and database reachability: { status: "ok", database, version }.',
  input: z.object({}),
  output: z.strictObject({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]), version: z.string() }),
  mode: "read",
  profile: "all",
  tool: false,
  access: "public",
  rest: [bind({ method: "GET", path: "/api/health" })],
  run: async (ctx) => {
    await ctx.db.query("select 1");
    return { status: "ok", database: ctx.db.kind, version: ctx.services.version };
  }
});
export {
  health
};
//# sourceMappingURL=health.js.map
