import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { OPERATIONS } from "../../operations/index.js";
import { SERVICE_VERSION } from "../../services.js";
import { buildMcpServer } from "./build-mcp-server.js";
import { buildToolSurface } from "./tool-surface.js";
import { callService, createRemoteExecutor } from "./remote-executor.js";
class StdioStartError extends Error {
}
async function checkService(service) {
  const health = await callService(service, "/health", {}, true).catch((error) => {
    throw new StdioStartError(error instanceof Error ? error.message : String(error));
  });
  if (health.body.success !== true) {
    throw new StdioStartError(`The Tenantbase service at ${service.baseUrl} is not healthy (HTTP ${health.status}); check SERVICE_API_URL`);
  }
  const tenants = await callService(service, "/auth/tenants");
  if (tenants.status === 401 || tenants.status === 403) {
    throw new StdioStartError(
      `The service at ${service.baseUrl} refused SERVICE_API_KEY (${tenants.body.error?.message ?? `HTTP ${tenants.status}`}); create a key with POST /api/auth/api-keys`
    );
  }
  if (tenants.body.success !== true) {
    throw new StdioStartError(`The service at ${service.baseUrl} answered HTTP ${tenants.status} when checking SERVICE_API_KEY`);
  }
}
async function runStdioServer(config, log) {
  const apiKey = config.mcp.serviceApiKey;
  if (!apiKey) throw new StdioStartError("SERVICE_API_KEY is not set: give the MCP server a Tenantbase API key (tbk_\u2026)");
  const service = { baseUrl: config.mcp.serviceApiUrl, apiKey };
  await checkService(service);
  const server = buildMcpServer({
    operations: OPERATIONS,
    surface: buildToolSurface(OPERATIONS, config.mcp.toolProfile),
    executor: createRemoteExecutor(service),
    version: SERVICE_VERSION,
    log
  });
  await server.connect(new StdioServerTransport());
  log(`Tenantbase MCP (stdio, profile ${config.mcp.toolProfile}) acting through ${service.baseUrl}`);
}
export {
  StdioStartError,
  checkService,
  runStdioServer
};
//# sourceMappingURL=stdio.js.map
