import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { assertCleanInput } from "../input-guard.js";
import { errorResult, successResult } from "./results.js";
const INSTRUCTIONS = "Tenantbase: a multi-tenant data backend. Start with list_tenants and select_tenant (a tenant API key starts with its tenant selected), then model data with entity tools and work with records. search_tools finds any other tool by what it does (in the grouped profile: an action, with its full arguments).";
function buildMcpServer(options) {
  const { surface } = options;
  const session = { selectedTenant: null, loaded: /* @__PURE__ */ new Set() };
  const server = new Server(
    { name: "tenantbase", title: "Tenantbase", version: options.version },
    { capabilities: { tools: { listChanged: surface.loadsFoundTools } }, instructions: INSTRUCTIONS }
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: surface.list(session.loaded) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      assertCleanInput([[request.params.arguments, ""]]);
      const call = surface.resolve(request.params.name, request.params.arguments, session.loaded);
      if (call.kind === "search") {
        const { answer, found } = surface.search.search(call.args);
        const fresh = surface.loadsFoundTools ? found.filter((op2) => !session.loaded.has(op2.name)) : [];
        for (const op2 of fresh) session.loaded.add(op2.name);
        if (fresh.length) await server.sendToolListChanged();
        return successResult(answer);
      }
      const { op, args } = call;
      const result = await options.executor.execute(op, args, {
        selectedTenant: session.selectedTenant,
        authInfo: extra.authInfo
      });
      for (const effect of result.effects) {
        if (effect.kind === "tenant_selected") session.selectedTenant = effect.tenant.id;
      }
      return successResult(result.data, result.warnings);
    } catch (error) {
      return errorResult(error, options.operations, options.log);
    }
  });
  return server;
}
export {
  buildMcpServer
};
//# sourceMappingURL=build-mcp-server.js.map
