import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
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

function originHostname(origin: string): string | null {
  try {
    return new URL(origin).hostname;
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

type HostCheck = (req: { headers: FastifyRequest['headers'] }, res: ExpressishReply, next: () => void) => void;
interface ExpressishReply {
  status(code: number): { json(body: { error?: { message?: string } }): void };
}
/** One SDK host check per set of allowed hostnames (built once per server). */
const hostChecks = new WeakMap<Set<string>, HostCheck>();

/**
 * The SDK's own Host check (`hostHeaderValidation`: the Host's hostname, port-agnostic, against
 * the allowed ones), run on a Fastify request. It is written as an Express middleware, so it gets
 * the two calls it makes (`res.status(n).json(body)`, `next()`); its refusal is sent with a hint
 * added. Answers whether the request may go on.
 */
async function sdkHostCheck(hosts: Set<string>, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  let check = hostChecks.get(hosts);
  if (!check) hostChecks.set(hosts, (check = hostHeaderValidation([...hosts]) as unknown as HostCheck));
  let refusal: { status: number; message: string | undefined } | undefined;
  let passed = false;
  check(
    { headers: request.headers },
    { status: (status) => ({ json: (body) => void (refusal = { status, message: body.error?.message }) }) },
    () => {
      passed = true;
    },
  );
  if (passed) return true;
  const message = `${refusal?.message ?? 'Invalid Host header'} (DNS-rebinding protection); set MCP_SERVER_URL to the address clients use`;
  await jsonRpcError(reply, refusal?.status ?? 403, message);
  return false;
}

/**
 * Checks one request to an MCP endpoint: Host and Origin against the allowed hostnames, no
 * credential in the query string, and a valid bearer credential. Answers the refusal itself and
 * returns null, or returns the caller. Runs in `onRequest`, before the body is read (a site deploy
 * may be tens of megabytes), for every MCP route alike.
 *
 * What is the SDK's and what is ours, and why:
 * - Host: the SDK's `hostHeaderValidation` (above). The transports' own `allowedHosts` option is
 *   not used: it compares the whole Host header, port included, so it would need the listening
 *   port (0 in tests, another behind a proxy) and checks only inside `handleRequest`, after the
 *   body was parsed and the credential checked.
 * - Origin: ours. The SDK's `allowedOrigins` compares whole origins (scheme, host and port), so a
 *   browser client on any local port (the MCP Inspector's 6274) would have to be listed one by
 *   one; the legacy SSE transport checks it only on `POST /messages`, not on `GET /sse`, and answers
 *   in plain text. Ours compares the origin's hostname with the same allowed hostnames.
 * - Credentials in the query string, and authentication: ours (the SDK has neither for a server
 *   that is not its Express OAuth router).
 */
export async function guardMcpRequest(
  deps: McpAuthDeps,
  hosts: Set<string>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<McpCaller | null> {
  if (!(await sdkHostCheck(hosts, request, reply))) return null;
  const origin = headerValue(request.headers.origin);
  if (origin !== undefined) {
    const originHost = originHostname(origin);
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
