import { DEFAULT_PGLITE_MAINTENANCE, type PgliteMaintenancePolicy } from './db/pglite-maintenance.js';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The only reader of the environment. `loadConfig()` parses it once into a frozen object;
 * everything else receives that object. Bad values stop the start with a message naming them.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const port = (fallback: number) => z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));

const ConfigSchema = z
  .object({
    PORT: port(3001),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATABASE_POOL_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(20)),
    DATABASE_CALL_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
    DATABASE_TENANT_CONTEXT: z.preprocess(emptyAsUndefined, z.enum(['session', 'transaction']).default('session')),
    DATABASE_LISTEN_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
    JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
    BODY_LIMIT: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number()
        .int()
        .min(1024)
        .default(1024 * 1024),
    ),
    CORS_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default('*')),
    CHANNEL_RATE_LIMIT_PER_CALLER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(120)),
    CHANNEL_RATE_LIMIT_PER_CHANNEL: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(600)),
    ADMIN_TOKEN_TTL_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(12)),
    RULE_RUNS_KEEP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10_000)),
    RULE_RUNS_KEEP_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(30)),
    LIST_EXACT_COUNT_THRESHOLD: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000_000).default(1_000)),
    INDEX_BUILD_BATCH: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(1_000)),
    MCP_SERVER_PORT: port(3002),
    MCP_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
    MCP_SERVER_URL: z.preprocess(emptyAsUndefined, z.url().default('http://localhost:3002/mcp')),
    MCP_TOOL_PROFILE: z.preprocess(emptyAsUndefined, z.enum(['core', 'advanced', 'all', 'grouped']).default('all')),
    SERVICE_API_URL: z.preprocess(emptyAsUndefined, z.url().default('http://localhost:3001/api')),
    SERVICE_API_KEY: optionalString,
    EMBEDDINGS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    EMBEDDINGS_API_KEY: optionalString,
    EMBEDDINGS_MODEL: z.preprocess(emptyAsUndefined, z.string().default('text-embedding-3-small')),
    LLM_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    LLM_API_KEY: optionalString,
    LLM_MODEL: z.preprocess(emptyAsUndefined, z.string().default('gpt-4o-mini')),
    LLM_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(30_000)),
    CHECK_OUTPUTS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
    // Beside src/ and dist/ alike, so the sources and the compiled service find the same build.
    PGLITE_SHARED_BUFFERS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
        .default('16MB'),
    ),
    PGLITE_COMPILER: z.preprocess(emptyAsUndefined, z.enum(['baseline', 'optimizing']).default('baseline')),
    // Autovacuum's work for the embedded database, in committed write transactions (0 = never).
    PGLITE_ANALYZE_EVERY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(DEFAULT_PGLITE_MAINTENANCE.analyzeEvery)),
    PGLITE_VACUUM_EVERY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(DEFAULT_PGLITE_MAINTENANCE.vacuumEvery)),
    SHUTDOWN_GRACE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(3600).default(10)),
    CONSOLE_DIR: z.preprocess(emptyAsUndefined, z.string().default(fileURLToPath(new URL('../console/dist', import.meta.url)))),
    SITES_DOMAIN: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'must be a domain name, e.g. sites.example.com')
        .default('sites.localhost'),
    ),
    SITES_URL_SCHEME: z.preprocess(emptyAsUndefined, z.enum(['http', 'https']).default('http')),
    SITES_URL_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
    SITES_MAX_DEPLOY_BYTES: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number()
        .int()
        .min(1024)
        .default(20 * 1024 * 1024),
    ),
    SITES_MAX_FILES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(2000)),
    SITES_CACHE_BYTES: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number()
        .int()
        .min(0)
        .default(64 * 1024 * 1024),
    ),
  })
  .refine((c) => !(c.ADMIN_EMAIL && !c.ADMIN_PASSWORD), {
    message: 'ADMIN_PASSWORD is required when ADMIN_EMAIL is set',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databasePoolMax: number;
  /** How tenant reads outside a transaction get their tenant (docs/scaling.md); Citus forces 'transaction'. */
  readonly databaseTenantContext: 'session' | 'transaction';
  /** Milliseconds any PostgreSQL call may take before it answers SERVICE_UNAVAILABLE. */
  readonly databaseCallTimeoutMs: number;
  /** A direct server connection for LISTEN, when DATABASE_URL goes through a pooler in transaction mode. */
  readonly databaseListenUrl: string | undefined;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  /** Absent means: generate one at first start and keep it in the database. */
  readonly jwtSecret: string | undefined;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly bodyLimit: number;
  /** `*` or a list of allowed origins. */
  readonly corsOrigins: '*' | readonly string[];
  /** Channel tool executions allowed per minute, per caller and per channel (docs/channels.md). */
  readonly channelRateLimits: { readonly perCaller: number; readonly perChannel: number };
  readonly adminTokenTtlSeconds: number;
  readonly mcp: {
    readonly port: number;
    readonly host: string;
    readonly serverUrl: string;
    /** `core` ⊂ `advanced` ⊂ `all`, or `grouped` (one tool per area; docs/mcp.md). */
    readonly toolProfile: 'core' | 'advanced' | 'all' | 'grouped';
    readonly serviceApiUrl: string;
    readonly serviceApiKey: string | undefined;
  };
  /** OpenAI-compatible embeddings for semantic search; absent means the built-in trigram method. */
  readonly embeddings: { readonly url: string; readonly apiKey: string | undefined; readonly model: string } | undefined;
  /** OpenAI-compatible chat completions for generate_business_rule; absent means the built-in sentence parser. */
  readonly llm:
    { readonly url: string; readonly apiKey: string | undefined; readonly model: string; readonly timeoutMs: number } | undefined;
  /** Development and tests: every answer is checked against its operation's output schema. */
  readonly checkOutputs: boolean;
  /** Retention of the business rule runs log, per tenant (docs/rules.md "Rule runs"). */
  readonly ruleRuns: { readonly keep: number; readonly keepDays: number };
  /** Record lists: filtered totals are counted exactly up to this many matches, estimated beyond (docs/records.md, "Totals"). */
  readonly listExactCountThreshold: number;
  /** Records per backfill batch of a declared index; an entity of at most this many builds in its publish (docs/entities.md). */
  readonly indexBuildBatch: number;
  /** The built admin console served at /console (console/dist unless CONSOLE_DIR says otherwise). */
  readonly consoleDir: string;
  /** The embedded database's memory knobs (docs/operations.md, "Memory of the embedded database"). */
  readonly pglite: {
    readonly sharedBuffers: string;
    readonly compiler: 'baseline' | 'optimizing';
    readonly maintenance: PgliteMaintenancePolicy;
  };
  /** How long SIGTERM/SIGINT wait for requests in flight before cutting their connections. */
  readonly shutdownGraceMs: number;
  /** Static sites (docs/sites.md). */
  readonly sites: SitesConfig;
}

export interface SitesConfig {
  /** Sites answer on Host `<subdomain>.<domain>` (any port). */
  readonly domain: string;
  /** How a site's URL is written in answers: scheme and port (omitted when it is the scheme's default). */
  readonly urlScheme: 'http' | 'https';
  readonly urlPort: number;
  /** Total decoded bytes of one deploy (413 above), and its file count. */
  readonly maxDeployBytes: number;
  readonly maxFiles: number;
  /** Memory for file contents served from memory (least recently used leave first). */
  readonly cacheBytes: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
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
    databaseCallTimeoutMs: c.DATABASE_CALL_TIMEOUT_MS,
    databaseListenUrl: c.DATABASE_LISTEN_URL,
    adminEmail: c.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    jwtSecret: c.JWT_SECRET,
    logLevel: c.LOG_LEVEL,
    bodyLimit: c.BODY_LIMIT,
    corsOrigins:
      origins === '*'
        ? '*'
        : Object.freeze(
            origins
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean),
          ),
    channelRateLimits: Object.freeze({ perCaller: c.CHANNEL_RATE_LIMIT_PER_CALLER, perChannel: c.CHANNEL_RATE_LIMIT_PER_CHANNEL }),
    adminTokenTtlSeconds: Math.round(c.ADMIN_TOKEN_TTL_HOURS * 3600),
    mcp: Object.freeze({
      port: c.MCP_SERVER_PORT,
      host: c.MCP_HOST,
      serverUrl: c.MCP_SERVER_URL,
      toolProfile: c.MCP_TOOL_PROFILE,
      serviceApiUrl: c.SERVICE_API_URL,
      serviceApiKey: c.SERVICE_API_KEY,
    }),
    embeddings: c.EMBEDDINGS_URL
      ? Object.freeze({ url: c.EMBEDDINGS_URL, apiKey: c.EMBEDDINGS_API_KEY, model: c.EMBEDDINGS_MODEL })
      : undefined,
    llm: c.LLM_URL ? Object.freeze({ url: c.LLM_URL, apiKey: c.LLM_API_KEY, model: c.LLM_MODEL, timeoutMs: c.LLM_TIMEOUT_MS }) : undefined,
    checkOutputs: c.CHECK_OUTPUTS === 'true',
    ruleRuns: Object.freeze({ keep: c.RULE_RUNS_KEEP, keepDays: c.RULE_RUNS_KEEP_DAYS }),
    listExactCountThreshold: c.LIST_EXACT_COUNT_THRESHOLD,
    indexBuildBatch: c.INDEX_BUILD_BATCH,
    consoleDir: resolve(c.CONSOLE_DIR),
    pglite: Object.freeze({
      sharedBuffers: c.PGLITE_SHARED_BUFFERS,
      compiler: c.PGLITE_COMPILER,
      maintenance: Object.freeze({ analyzeEvery: c.PGLITE_ANALYZE_EVERY, vacuumEvery: c.PGLITE_VACUUM_EVERY }),
    }),
    shutdownGraceMs: Math.round(c.SHUTDOWN_GRACE_SECONDS * 1000),
    sites: Object.freeze({
      domain: c.SITES_DOMAIN,
      urlScheme: c.SITES_URL_SCHEME,
      urlPort: c.SITES_URL_PORT ?? c.PORT,
      maxDeployBytes: c.SITES_MAX_DEPLOY_BYTES,
      maxFiles: c.SITES_MAX_FILES,
      cacheBytes: c.SITES_CACHE_BYTES,
    }),
  });
}
