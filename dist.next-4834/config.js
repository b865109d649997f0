import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
const emptyAsUndefined = (value) => value === "" ? void 0 : value;
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const port = (fallback) => z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));
const ConfigSchema = z.object({
  PORT: port(3001),
  HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL").optional()
  ),
  DATABASE_POOL_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(20)),
  DATABASE_TENANT_CONTEXT: z.preprocess(emptyAsUndefined, z.enum(["session", "transaction"]).default("session")),
  DATABASE_LISTEN_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL").optional()
  ),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8, "must be at least 8 characters").optional()),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  BODY_LIMIT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1024).default(1024 * 1024)
  ),
  CORS_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default("*")),
  CHANNEL_RATE_LIMIT_PER_CALLER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(120)),
  CHANNEL_RATE_LIMIT_PER_CHANNEL: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(600)),
  ADMIN_TOKEN_TTL_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(12)),
  RULE_RUNS_KEEP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(1e4)),
  RULE_RUNS_KEEP_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(30)),
  MCP_SERVER_PORT: port(3002),
  MCP_HOST: z.preprocess(emptyAsUndefined, z.string().default("127.0.0.1")),
  MCP_SERVER_URL: z.preprocess(emptyAsUndefined, z.url().default("http://localhost:3002/mcp")),
  MCP_TOOL_PROFILE: z.preprocess(emptyAsUndefined, z.enum(["core", "advanced", "all", "grouped"]).default("all")),
  SERVICE_API_URL: z.preprocess(emptyAsUndefined, z.url().default("http://localhost:3001/api")),
  SERVICE_API_KEY: optionalString,
  EMBEDDINGS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  EMBEDDINGS_API_KEY: optionalString,
  EMBEDDINGS_MODEL: z.preprocess(emptyAsUndefined, z.string().default("text-embedding-3-small")),
  CHECK_OUTPUTS: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
  // Beside src/ and dist/ alike, so the sources and the compiled service find the same build.
  PGLITE_SHARED_BUFFERS: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^\d+(kB|MB|GB)$/, "must be a size such as 16MB").default("16MB")
  ),
  PGLITE_COMPILER: z.preprocess(emptyAsUndefined, z.enum(["baseline", "optimizing"]).default("baseline")),
  SHUTDOWN_GRACE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(3600).default(10)),
  CONSOLE_DIR: z.preprocess(emptyAsUndefined, z.string().default(fileURLToPath(new URL("../console/dist", import.meta.url)))),
  SITES_DOMAIN: z.preprocess(
    emptyAsUndefined,
    z.string().trim().toLowerCase().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, "must be a domain name, e.g. sites.example.com").default("sites.localhost")
  ),
  SITES_URL_SCHEME: z.preprocess(emptyAsUndefined, z.enum(["http", "https"]).default("http")),
  SITES_URL_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  SITES_MAX_DEPLOY_BYTES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1024).default(20 * 1024 * 1024)
  ),
  SITES_MAX_FILES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(2e3)),
  SITES_CACHE_BYTES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(64 * 1024 * 1024)
  )
}).refine((c) => !(c.ADMIN_EMAIL && !c.ADMIN_PASSWORD), {
  message: "ADMIN_PASSWORD is required when ADMIN_EMAIL is set",
  path: ["ADMIN_PASSWORD"]
});
class ConfigError extends Error {
}
function loadConfig(env = process.env) {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(config)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:
${problems.join("\n")}`);
  }
  const c = parsed.data;
  const origins = c.CORS_ORIGINS.trim();
  return Object.freeze({
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    databasePoolMax: c.DATABASE_POOL_MAX,
    databaseTenantContext: c.DATABASE_TENANT_CONTEXT,
    databaseListenUrl: c.DATABASE_LISTEN_URL,
    adminEmail: c.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    jwtSecret: c.JWT_SECRET,
    logLevel: c.LOG_LEVEL,
    bodyLimit: c.BODY_LIMIT,
    corsOrigins: origins === "*" ? "*" : Object.freeze(
      origins.split(",").map((o) => o.trim()).filter(Boolean)
    ),
    channelRateLimits: Object.freeze({ perCaller: c.CHANNEL_RATE_LIMIT_PER_CALLER, perChannel: c.CHANNEL_RATE_LIMIT_PER_CHANNEL }),
    adminTokenTtlSeconds: Math.round(c.ADMIN_TOKEN_TTL_HOURS * 3600),
    mcp: Object.freeze({
      port: c.MCP_SERVER_PORT,
      host: c.MCP_HOST,
      serverUrl: c.MCP_SERVER_URL,
      toolProfile: c.MCP_TOOL_PROFILE,
      serviceApiUrl: c.SERVICE_API_URL,
      serviceApiKey: c.SERVICE_API_KEY
    }),
    embeddings: c.EMBEDDINGS_URL ? Object.freeze({ url: c.EMBEDDINGS_URL, apiKey: c.EMBEDDINGS_API_KEY, model: c.EMBEDDINGS_MODEL }) : void 0,
    checkOutputs: c.CHECK_OUTPUTS === "true",
    ruleRuns: Object.freeze({ keep: c.RULE_RUNS_KEEP, keepDays: c.RULE_RUNS_KEEP_DAYS }),
    consoleDir: resolve(c.CONSOLE_DIR),
    pglite: Object.freeze({ sharedBuffers: c.PGLITE_SHARED_BUFFERS, compiler: c.PGLITE_COMPILER }),
    shutdownGraceMs: Math.round(c.SHUTDOWN_GRACE_SECONDS * 1e3),
    sites: Object.freeze({
      domain: c.SITES_DOMAIN,
      urlScheme: c.SITES_URL_SCHEME,
      urlPort: c.SITES_URL_PORT ?? c.PORT,
      maxDeployBytes: c.SITES_MAX_DEPLOY_BYTES,
      maxFiles: c.SITES_MAX_FILES,
      cacheBytes: c.SITES_CACHE_BYTES
    })
  });
}
export {
  ConfigError,
  loadConfig
};
//# sourceMappingURL=config.js.map
