import { AppError } from "../../errors.js";
import { authenticateMcpToken } from "./auth.js";
const QUERY_TOKEN_PARAMS = ["access_token", "token", "api_key", "apikey", "key", "bearer", "auth"];
const headerValue = (v) => Array.isArray(v) ? v[0] : v;
function allowedHostnames(config) {
  const hosts = /* @__PURE__ */ new Set(["localhost", "127.0.0.1", "[::1]", new URL(config.mcp.serverUrl).hostname]);
  const bound = config.mcp.host;
  if (bound !== "0.0.0.0" && bound !== "::") hosts.add(bound.includes(":") && !bound.startsWith("[") ? `[${bound}]` : bound);
  return hosts;
}
function hostnameOf(value, withScheme) {
  try {
    return new URL(withScheme ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
}
function resourceMetadataUrl(config) {
  const server = new URL(config.mcp.serverUrl);
  const path = server.pathname === "/" ? "" : server.pathname;
  return new URL(`/.well-known/oauth-protected-resource${path}`, server.origin).toString();
}
function jsonRpcError(reply, status, message) {
  return reply.code(status).send({ jsonrpc: "2.0", error: { code: -32e3, message }, id: null });
}
function unauthorizedReply(reply, config, message, invalidToken) {
  const escaped = message.replace(/["\\]/g, "'");
  const parts = [
    ...invalidToken ? ['error="invalid_token"', `error_description="${escaped}"`] : [],
    `resource_metadata="${resourceMetadataUrl(config)}"`
  ];
  void reply.header("WWW-Authenticate", `Bearer ${parts.join(", ")}`);
  return reply.code(401).send({
    jsonrpc: "2.0",
    error: { code: -32001, message: JSON.stringify({ code: "UNAUTHORIZED", message }) },
    id: null
  });
}
async function guardMcpRequest(deps, hosts, request, reply) {
  const host = headerValue(request.headers.host);
  const hostname = host ? hostnameOf(host, false) : null;
  if (!hostname || !hosts.has(hostname)) {
    await jsonRpcError(
      reply,
      403,
      `Host "${host ?? ""}" is not allowed (DNS-rebinding protection); set MCP_SERVER_URL to the address clients use`
    );
    return null;
  }
  const origin = headerValue(request.headers.origin);
  if (origin !== void 0) {
    const originHost = hostnameOf(origin, true);
    if (!originHost || !hosts.has(originHost)) {
      await jsonRpcError(reply, 403, `Origin "${origin}" is not allowed (DNS-rebinding protection)`);
      return null;
    }
  }
  const query = request.query;
  const inQuery = QUERY_TOKEN_PARAMS.find((name) => Object.keys(query ?? {}).some((k) => k.toLowerCase() === name));
  if (inQuery) {
    await jsonRpcError(reply, 400, `Credentials in the query string ("${inQuery}") are refused; send Authorization: Bearer <token>`);
    return null;
  }
  const authorization = headerValue(request.headers.authorization);
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() || headerValue(request.headers["x-api-key"])?.trim() || void 0;
  if (!token) {
    await unauthorizedReply(reply, deps.config, "Missing credential: send Authorization: Bearer <API key or tenant_login token>", false);
    return null;
  }
  try {
    return { token, principal: await authenticateMcpToken(deps, token) };
  } catch (error) {
    if (error instanceof AppError && error.code === "UNAUTHORIZED") {
      await unauthorizedReply(reply, deps.config, error.message, true);
      return null;
    }
    throw error;
  }
}
export {
  allowedHostnames,
  guardMcpRequest,
  resourceMetadataUrl
};
//# sourceMappingURL=http-guard.js.map
