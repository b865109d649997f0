import { notFound } from "../../errors.js";
import { executeOperation } from "../../operations/core/execute.js";
import { buildOperationContext } from "../request-context.js";
import { requestToken } from "./credentials.js";
import { envelope } from "./routes.js";
const headerValue = (v) => Array.isArray(v) ? v[0] : v;
function registerToolsRoute(app, deps, operations) {
  const tools = new Map(operations.filter((op) => op.tool).map((op) => [op.name, op]));
  app.post(
    "/api/tools/:name",
    { config: { surface: "mcp" } },
    (request, reply) => runTool(request.params.name, request, reply)
  );
  for (const op of tools.values()) {
    const limit = op.rest.find((b) => b.bodyLimit)?.bodyLimit?.(deps.config);
    if (limit)
      app.post(
        `/api/tools/${op.name}`,
        { config: { surface: "mcp" }, bodyLimit: limit },
        (request, reply) => runTool(op.name, request, reply)
      );
  }
  async function runTool(name, request, reply) {
    const op = tools.get(name);
    if (!op) throw notFound(`No tool "${name}"`);
    const ctx = await buildOperationContext(deps, "rest", {
      token: requestToken(request),
      tenant: headerValue(request.headers["x-tenant-id"]),
      clientAddress: request.ip
    });
    const result = await executeOperation(op, ctx, request.body ?? {});
    const effects = result.effects.filter((e) => e.kind === "tenant_selected");
    return reply.code(200).send({ ...envelope(result), ...effects.length ? { effects } : {} });
  }
}
export {
  registerToolsRoute
};
//# sourceMappingURL=tools-route.js.map
