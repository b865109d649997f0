import { randomUUID } from "node:crypto";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import Fastify, {} from "fastify";
import { deployBodyLimit } from "../../domain/sites/prepare-deploy.js";
import { OPERATIONS } from "../../operations/index.js";
import { clientErrorHandler } from "../http/edge.js";
import { installErrorHandling, sendError } from "../http/errors.js";
import { sessionOwner } from "./auth.js";
import { buildMcpServer } from "./build-mcp-server.js";
import { createInProcessExecutor } from "./executor.js";
import { allowedHostnames, guardMcpRequest, resourceMetadataUrl } from "./http-guard.js";
import { buildToolSurface } from "./tool-surface.js";
const SESSION_IDLE_MS = 30 * 60 * 1e3;
const headerValue = (v) => Array.isArray(v) ? v[0] : v;
async function buildMcpHttpApp(deps) {
  const { config } = deps;
  const operations = deps.operations ?? OPERATIONS;
  const hosts = allowedHostnames(config);
  const executor = createInProcessExecutor(deps);
  const sessions = /* @__PURE__ */ new Map();
  const now = () => deps.services.clock.now().getTime();
  const sweepIdle = () => {
    for (const [id, session] of sessions) {
      if (session.transport instanceof StreamableHTTPServerTransport && now() - session.lastSeen > SESSION_IDLE_MS) {
        sessions.delete(id);
        void session.transport.close();
      }
    }
  };
  const sweeper = setInterval(sweepIdle, 6e4);
  sweeper.unref();
  const app = Fastify({
    bodyLimit: deployBodyLimit(config),
    forceCloseConnections: true,
    logger: { level: config.logLevel },
    // Outside the MCP protocol's own JSON-RPC answers, this port answers errors in the API's envelope too.
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => void sendError(operations, error, request, reply)
  });
  installErrorHandling(app, operations);
  const log = (line) => app.log.error(line);
  const surface = buildToolSurface(operations, config.mcp.toolProfile);
  const newServer = () => buildMcpServer({ operations, surface, executor, version: deps.services.version, log });
  const callers = /* @__PURE__ */ new WeakMap();
  const guarded = (url) => /^\/(mcp|sse|messages)(\?|$)/.test(url);
  app.addHook("onRequest", async (request, reply) => {
    if (!guarded(request.url)) return;
    const caller = await guardMcpRequest(deps, hosts, request, reply);
    if (!caller) return reply;
    callers.set(request, caller);
  });
  const callerOf = (request) => {
    const caller = callers.get(request);
    if (!caller) throw new Error("unreachable: MCP routes are guarded");
    return caller;
  };
  const withAuth = (request, caller) => {
    const raw = request.raw;
    const extra = { principal: caller.principal, clientAddress: request.ip };
    raw.auth = { token: caller.token, clientId: sessionOwner(caller.principal), scopes: [], extra: { ...extra } };
    return raw;
  };
  const handOver = async (reply, handle) => {
    reply.hijack();
    try {
      await handle();
    } catch (error) {
      log(`MCP transport failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { "content-type": "application/json" });
        reply.raw.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message: "Internal error" }, id: null }));
      }
    }
  };
  const sessionFor = async (id, caller, reply, kind) => {
    const session = id ? sessions.get(id) : void 0;
    const rightKind = session && kind === "sse" === session.transport instanceof SSEServerTransport;
    if (!session || !rightKind) {
      await reply.code(id ? 404 : 400).send({
        jsonrpc: "2.0",
        error: {
          code: -32e3,
          message: id ? "Session not found: initialize a new session" : "Bad Request: no valid session id; send initialize first"
        },
        id: null
      });
      return null;
    }
    if (session.owner !== sessionOwner(caller.principal)) {
      await reply.code(403).send({ jsonrpc: "2.0", error: { code: -32e3, message: "This session belongs to another credential" }, id: null });
      return null;
    }
    session.lastSeen = now();
    return session;
  };
  app.get("/mcp/health", async () => ({
    status: "ok",
    transports: { streamableHttp: "/mcp", sse: "/sse" },
    profile: config.mcp.toolProfile,
    tools: surface.size,
    version: deps.services.version
  }));
  const metadata = {
    resource: config.mcp.serverUrl,
    resource_name: "Tenantbase MCP server",
    bearer_methods_supported: ["header"]
  };
  const metadataPath = new URL(resourceMetadataUrl(config)).pathname;
  app.get("/.well-known/oauth-protected-resource", async () => metadata);
  if (metadataPath !== "/.well-known/oauth-protected-resource") app.get(metadataPath, async () => metadata);
  app.post("/mcp", async (request, reply) => {
    const caller = callerOf(request);
    const id = headerValue(request.headers["mcp-session-id"]);
    let transport;
    if (id || !isInitializeRequest(request.body)) {
      const session = await sessionFor(id, caller, reply, "streamable");
      if (!session) return reply;
      transport = session.transport;
    } else {
      sweepIdle();
      const owner = sessionOwner(caller.principal);
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport: created, owner, lastSeen: now() })
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
  const streamRequest = async (request, reply) => {
    const caller = callerOf(request);
    const session = await sessionFor(headerValue(request.headers["mcp-session-id"]), caller, reply, "streamable");
    if (!session) return reply;
    await handOver(reply, () => session.transport.handleRequest(withAuth(request, caller), reply.raw));
    return reply;
  };
  app.get("/mcp", streamRequest);
  app.delete("/mcp", streamRequest);
  app.get("/sse", async (request, reply) => {
    const caller = callerOf(request);
    reply.hijack();
    const transport = new SSEServerTransport("/messages", reply.raw);
    sessions.set(transport.sessionId, { transport, owner: sessionOwner(caller.principal), lastSeen: now() });
    transport.onclose = () => void sessions.delete(transport.sessionId);
    await newServer().connect(transport);
    return reply;
  });
  app.post("/messages", async (request, reply) => {
    const caller = callerOf(request);
    const id = request.query.sessionId;
    const session = await sessionFor(typeof id === "string" ? id : void 0, caller, reply, "sse");
    if (!session) return reply;
    await handOver(
      reply,
      () => session.transport.handlePostMessage(withAuth(request, caller), reply.raw, request.body)
    );
    return reply;
  });
  app.addHook("preClose", async () => {
    clearInterval(sweeper);
    await Promise.allSettled([...sessions.values()].map((s) => s.transport.close()));
    sessions.clear();
  });
  return app;
}
export {
  SESSION_IDLE_MS,
  buildMcpHttpApp
};
//# sourceMappingURL=http.js.map
