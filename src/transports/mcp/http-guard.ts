import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Principal } from '../../domain/access/principal.js';
import { AppError } from '../../errors.js';
import { authenticateMcpToken, type McpAuthDeps } from './auth.js';

/** Query parameters that would carry a credential in a URL (logged, cached, leaked): refused. */
const QUERY_TOKEN_PARAMS = ['access_token', 'token', 'api_key', 'apikey', 'key', 'bearer', 'auth'];

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Hostnames the MCP port answers to (DNS-rebinding protection): loopback and MCP_SERVER_URL's host. */
export function allowedHostnames(config: Config): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]', new URL(config.mcp.serverUrl).hostname]);
  const bound = config.mcp.host;
  if (bound !== '0.0.0.0' && bound !== '::') hosts.add(bound.includes(':') && !bound.startsWith('[') ? `[${bound}]` : bound);
  return hosts;
}

function hostnameOf(value: string, withScheme: boolean): string | null {
  try {
    return new URL(withScheme ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
}

/** The address of this server's OAuth protected-resource metadata (RFC 9728), for `WWW-Authenticate`. */
export function resourceMetadataUrl(config: Config): string {
  const server = new URL(config.mcp.serverUrl);
  const path = server.pathname === '/' ? '' : server.pathname;
  return new URL(`/.well-known/oauth-protected-resource${path}`, server.origin).toString();
}

function jsonRpcError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

function unauthorizedReply(reply: FastifyReply, config: Config, message: string, invalidToken: boolean) {
  const escaped = message.replace(/["\\]/g, "'");
  const parts = [
    ...(invalidToken ? ['error="invalid_token"', `error_description="${escaped}"`] : []),
    `resource_metadata="${resourceMetadataUrl(config)}"`,
  ];
  void reply.header('WWW-Authenticate', `Bearer ${parts.join(', ')}`);
  return reply.code(401).send({
    jsonrpc: '2.0',
    error: { code: -32001, message: JSON.stringify({ code: 'UNAUTHORIZED', message }) },
    id: null,
  });
}

export interface McpCaller {
  token: string;
  principal: Principal;
}

/**
 * Checks one request to an MCP endpoint: Host and Origin against the allowed hostnames, no
 * credential in the query string, and a valid bearer credential. Answers the refusal itself and
 * returns null, or returns the caller.
 */
export async function guardMcpRequest(
  deps: McpAuthDeps,
  hosts: Set<string>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<McpCaller | null> {
  const host = headerValue(request.headers.host);
  const hostname = host ? hostnameOf(host, false) : null;
  if (!hostname || !hosts.has(hostname)) {
    await jsonRpcError(
      reply,
      403,
      `Host "${host ?? ''}" is not allowed (DNS-rebinding protection); set MCP_SERVER_URL to the address clients use`,
    );
    return null;
  }
  const origin = headerValue(request.headers.origin);
  if (origin !== undefined) {
    const originHost = hostnameOf(origin, true);
    if (!originHost || !hosts.has(originHost)) {
      await jsonRpcError(reply, 403, `Origin "${origin}" is not allowed (DNS-rebinding protection)`);
      return null;
    }
  }
  const query = request.query as Record<string, unknown>;
  const inQuery = QUERY_TOKEN_PARAMS.find((name) => Object.keys(query ?? {}).some((k) => k.toLowerCase() === name));
  if (inQuery) {
    await jsonRpcError(reply, 400, `Credentials in the query string ("${inQuery}") are refused; send Authorization: Bearer <token>`);
    return null;
  }
  const authorization = headerValue(request.headers.authorization);
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() || headerValue(request.headers['x-api-key'])?.trim() || undefined;
  if (!token) {
    await unauthorizedReply(reply, deps.config, 'Missing credential: send Authorization: Bearer <API key or tenant_login token>', false);
    return null;
  }
  try {
    return { token, principal: await authenticateMcpToken(deps, token) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
      await unauthorizedReply(reply, deps.config, error.message, true);
      return null;
    }
    throw error;
  }
}
