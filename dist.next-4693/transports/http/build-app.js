import cors from "@fastify/cors";
import Fastify, * as fastify from "fastify";
import secureJson from "secure-json-parse";
import { AppError } from "../../errors.js";
import { OPERATIONS } from "../../operations/index.js";
import { registerBackupRoutes } from "./backup-routes.js";
import { registerConsole } from "./console.js";
import { clientErrorHandler, installEdgeGuards } from "./edge.js";
import { MAX_PARAM_LENGTH, installErrorHandling, sendError } from "./errors.js";
import { registerOAuthTokenRoute } from "./oauth-token.js";
import { buildOpenApiDocument } from "./openapi.js";
import { registerOperationRoutes } from "./routes.js";
import { answerSiteRequest, isSiteRequest, registerSites } from "./sites.js";
import { registerToolsRoute } from "./tools-route.js";
async function buildApp(deps) {
  const app = Fastify({
    bodyLimit: deps.config.bodyLimit,
    trustProxy: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors Node raises before a request exists (oversized or unparsable headers) answer in the envelope.
    clientErrorHandler,
    // Errors Fastify raises before routing (a path that is not valid percent-encoded UTF-8) answer in the envelope too.
    frameworkErrors: (error, request, reply) => isSiteRequest(deps, request.raw) ? answerSiteRequest(deps, request, reply) : void sendError(OPERATIONS, error, request, reply),
    // Per-request lines only at debug/trace: they cost throughput and say little at info.
    logController: new fastify.LogController({
      disableRequestLogging: deps.config.logLevel !== "debug" && deps.config.logLevel !== "trace"
    }),
    logger: {
      level: deps.config.logLevel,
      redact: ["req.headers.authorization", 'req.headers["x-api-key"]', "req.headers.cookie"]
    }
  });
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, void 0);
    try {
      done(null, secureJson.parse(text, void 0, { protoAction: "error", constructorAction: "error" }));
    } catch (error) {
      const message = error instanceof SyntaxError ? `Malformed JSON body: ${error.message}` : "Malformed JSON body: forbidden prototype keys";
      done(new AppError("VALIDATION_ERROR", message), void 0);
    }
  });
  installErrorHandling(app, OPERATIONS);
  registerSites(app, deps);
  installEdgeGuards(app);
  await app.register(cors, {
    origin: deps.config.corsOrigins === "*" ? "*" : [...deps.config.corsOrigins],
    credentials: false,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowedHeaders: ["Authorization", "X-API-Key", "X-Tenant-ID", "Content-Type"],
    exposedHeaders: ["Retry-After"],
    maxAge: 600
  });
  registerOperationRoutes(app, deps, OPERATIONS);
  registerToolsRoute(app, deps, OPERATIONS);
  await registerOAuthTokenRoute(app, deps);
  await registerBackupRoutes(app, deps);
  const openApi = buildOpenApiDocument(OPERATIONS, deps.services.version);
  app.get("/api/openapi.json", async () => openApi);
  await registerConsole(app, deps.config.consoleDir);
  return app;
}
export {
  buildApp
};
//# sourceMappingURL=build-app.js.map
