import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../logging.js';
import { OPERATIONS } from '../../operations/index.js';
import { SERVICE_VERSION } from '../../version.js';
import { buildMcpServer } from './build-mcp-server.js';
import { buildToolSurface } from './tool-surface.js';
import { callService, createRemoteExecutor, type RemoteService } from './remote-executor.js';

/** A start-up problem of `tenantbase mcp`: printed to stderr, exit status 1. */
export class StdioStartError extends Error {}

/** Refuses to start unless the service answers and accepts the key, saying which of the two failed. */
export async function checkService(service: RemoteService): Promise<void> {
  // Without the key: a public route answers 401 to a bad credential, which is the next check's job.
  const health = await callService(service, '/health', {}, true).catch((error: unknown) => {
    throw new StdioStartError(error instanceof Error ? error.message : String(error));
  });
  if (health.body.success !== true) {
    throw new StdioStartError(`The Tenantbase service at ${service.baseUrl} is not healthy (HTTP ${health.status}); check SERVICE_API_URL`);
  }
  const tenants = await callService(service, '/auth/tenants');
  if (tenants.status === 401 || tenants.status === 403) {
    throw new StdioStartError(
      `The service at ${service.baseUrl} refused SERVICE_API_KEY (${tenants.body.error?.message ?? `HTTP ${tenants.status}`}); create a key with POST /api/auth/api-keys`,
    );
  }
  if (tenants.body.success !== true) {
    throw new StdioStartError(`The service at ${service.baseUrl} answered HTTP ${tenants.status} when checking SERVICE_API_KEY`);
  }
}

/**
 * `tenantbase mcp`: MCP over stdio, acting through SERVICE_API_URL with SERVICE_API_KEY
 * (docs/mcp.md). stdout carries only the protocol; everything else goes to `log` (JSON lines on stderr).
 */
export async function runStdioServer(config: Config, log: Logger): Promise<void> {
  const apiKey = config.mcp.serviceApiKey;
  if (!apiKey) throw new StdioStartError('SERVICE_API_KEY is not set: give the MCP server a Tenantbase API key (tbk_…)');
  const service = { baseUrl: config.mcp.serviceApiUrl, apiKey };
  await checkService(service);
  const server = buildMcpServer({
    operations: OPERATIONS,
    surface: buildToolSurface(OPERATIONS, config.mcp.toolProfile),
    executor: createRemoteExecutor(service),
    version: SERVICE_VERSION,
    log,
  });
  await server.connect(new StdioServerTransport());
  log.info(`Tenantbase MCP (stdio, profile ${config.mcp.toolProfile}) acting through ${service.baseUrl}`);
}
