import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { deployBodyLimit } from '../../domain/sites/prepare-deploy.js';
import { createLogger, type Logger } from '../../logging.js';
import { OPERATIONS } from '../../operations/index.js';
import { clientErrorHandler } from '../http/edge.js';
import { installErrorHandling, sendError } from '../http/errors.js';
import { installRequestIdHeader, requestLogOptions } from '../http/request-log.js';
import type { Operation } from '../../operations/core/operation.js';
import { sessionOwner, type McpAuthDeps } from './auth.js';
import { buildMcpServer } from './build-mcp-server.js';
import { createInProcessExecutor, type McpAuthExtra } from './executor.js';
import { allowedHostnames, guardMcpRequest, resourceMetadataUrl, type McpCaller } from './http-guard.js';
import { buildToolSurface } from './tool-surface.js';

export interface McpHttpDeps extends McpAuthDeps {
  operations?: readonly Operation[];
  /** The service's logger (a test passes one writing to a stream it reads). */
  logger?: Logger;
}

interface Session {
  transport: StreamableHTTPServerTransport | SSEServerTransport;
  owner: string;
  /** Last request (ms since epoch, service clock): idle Streamable HTTP sessions are closed. */
  lastSeen: number;
}

/** A Streamable HTTP session unused this long is closed (clients that never send DELETE). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The MCP HTTP server (docs/mcp.md), built without listening: Streamable HTTP at `/mcp`, the
 * deprecated SSE transport at `/sse` + `/messages`, `GET /mcp/health`, and the protected-resource
 * metadata. Every session gets its own MCP server and transport; a session answers only the
 * credential identity that opened it.
 */
export async function buildMcpHttpApp(deps: McpHttpDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const operations = deps.operations ?? OPERATIONS;
  const hosts = allowedHostnames(config);
  const executor = createInProcessExecutor(deps);
  const sessions = new Map<string, Session>();
  const now = () => deps.services.clock.now().getTime();
  const sweepIdle = () => {
    for (const [id, session] of sessions) {
      if (session.transport instanceof StreamableHTTPServerTransport && now() - session.lastSeen > SESSION_IDLE_MS) {
        sessions.delete(id);
        void session.transport.close();
      }
    }
  };
  const sweeper = setInterval(sweepIdle, 60_000);
  sweeper.unref();
  // A site deploy is the largest tool call; the guard authenticates every request before its body is read.
  const app = Fastify({
    bodyLimit: deployBodyLimit(config),
    forceCloseConnections: true,
    // The same logger, request ids and request lines at debug as the API port.
    ...requestLogOptions(deps.logger ?? createLogger(config.logLevel)),
    // Outside the MCP protocol's own JSON-RPC answers, this port answers errors in the API's envelope too.
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => void sendError(operations, error, request, reply),
  });
  installRequestIdHeader(app);
  installErrorHandling(app, operations);
  // The profile's tools (JSON schemas of every operation, the search index) are built when the first
  // client needs them, not at start: a few hundred ms of CPU and their memory (docs/operations.md).
  let built: ReturnType<typeof buildToolSurface> | undefined;
  const surface = () => (built ??= buildToolSurface(operations, config.mcp.toolProfile));
  const newServer = () =>
    buildMcpServer({ operations, surface: surface(), executor, version: deps.services.version, log: app.log as Logger });

  // The guard runs before the body is parsed, so a refused request learns nothing else.
  const callers = new WeakMap<FastifyRequest, McpCaller>();
  const guarded = (url: string) => /^\/(mcp|sse|messages)(\?|$)/.test(url);
  app.addHook('onRequest', async (request, reply) => {
    if (!guarded(request.url)) return;
    const caller = await guardMcpRequest(deps, hosts, request, reply);
    if (!caller) return reply;
    callers.set(request, caller);
  });
  const callerOf = (request: FastifyRequest) => {
    const caller = callers.get(request);
    if (!caller) throw new Error('unreachable: MCP routes are guarded');
    return caller;
  };

  const withAuth = (request: FastifyRequest, caller: McpCaller) => {
    const raw = request.raw as IncomingMessage & { auth?: AuthInfo };
    const extra: McpAuthExtra = { principal: caller.principal, clientAddress: request.ip, log: request.log as Logger };
    raw.auth = { token: caller.token, clientId: sessionOwner(caller.principal), scopes: [], extra: { ...extra } };
    return raw;
  };

  /** Gives the raw response to the SDK transport; a failure it leaves unanswered becomes a 500. */
  const handOver = async (reply: FastifyReply, handle: () => Promise<void>) => {
    reply.hijack();
    try {
      await handle();
    } catch (error) {
      reply.log.error({ err: error }, 'MCP transport failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
      }
    }
  };

  /** The session a request names, checked against its caller; answers the refusal itself. */
  const sessionFor = async (id: string | undefined, caller: McpCaller, reply: FastifyReply, kind: 'streamable' | 'sse') => {
    const session = id ? sessions.get(id) : undefined;
    const rightKind = session && (kind === 'sse') === session.transport instanceof SSEServerTransport;
    if (!session || !rightKind) {
      await reply.code(id ? 404 : 400).send({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: id ? 'Session not found: initialize a new session' : 'Bad Request: no valid session id; send initialize first',
        },
        id: null,
      });
      return null;
    }
    if (session.owner !== sessionOwner(caller.principal)) {
      await reply
        .code(403)
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'This session belongs to another credential' }, id: null });
      return null;
    }
    session.lastSeen = now();
    return session;
  };

  app.get('/mcp/health', async () => ({
    status: 'ok',
    transports: { streamableHttp: '/mcp', sse: '/sse' },
    profile: config.mcp.toolProfile,
    tools: surface().size,
    version: deps.services.version,
  }));

  const metadata = {
    resource: config.mcp.serverUrl,
    resource_name: 'Tenantbase MCP server',
    bearer_methods_supported: ['header'],
  };
  const metadataPath = new URL(resourceMetadataUrl(config)).pathname;
  app.get('/.well-known/oauth-protected-resource', async () => metadata);
  if (metadataPath !== '/.well-known/oauth-protected-resource') app.get(metadataPath, async () => metadata);

  app.post('/mcp', async (request, reply) => {
    const caller = callerOf(request);
    const id = headerValue(request.headers['mcp-session-id']);
    let transport: StreamableHTTPServerTransport;
    if (id || !isInitializeRequest(request.body)) {
      const session = await sessionFor(id, caller, reply, 'streamable');
      if (!session) return reply;
      transport = session.transport as StreamableHTTPServerTransport;
    } else {
      sweepIdle();
      const owner = sessionOwner(caller.principal);
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport: created, owner, lastSeen: now() }),
      });
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
      };
      await newServer().connect(created);
      transport = created;
    }
    await handOver(reply, () => transport.handleRequest(withAuth(request, caller), reply.raw, request.body));
    return reply;
  });

  const streamRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = callerOf(request);
    const session = await sessionFor(headerValue(request.headers['mcp-session-id']), caller, reply, 'streamable');
    if (!session) return reply;
    await handOver(reply, () => (session.transport as StreamableHTTPServerTransport).handleRequest(withAuth(request, caller), reply.raw));
    return reply;
  };
  app.get('/mcp', streamRequest);
  app.delete('/mcp', streamRequest);

  app.get('/sse', async (request, reply) => {
    const caller = callerOf(request);
    reply.hijack();
    const transport = new SSEServerTransport('/messages', reply.raw);
    sessions.set(transport.sessionId, { transport, owner: sessionOwner(caller.principal), lastSeen: now() });
    transport.onclose = () => void sessions.delete(transport.sessionId);
    await newServer().connect(transport);
    return reply;
  });

  app.post('/messages', async (request, reply) => {
    const caller = callerOf(request);
    const id = (request.query as Record<string, unknown>).sessionId;
    const session = await sessionFor(typeof id === 'string' ? id : undefined, caller, reply, 'sse');
    if (!session) return reply;
    await handOver(reply, () =>
      (session.transport as SSEServerTransport).handlePostMessage(withAuth(request, caller), reply.raw, request.body),
    );
    return reply;
  });

  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    await Promise.allSettled([...sessions.values()].map((s) => s.transport.close()));
    sessions.clear();
  });
  return app;
}
