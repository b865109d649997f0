import type { TestApp } from '../helpers/app.js';

export interface ParityTenant {
  id: string;
  slug: string;
  name: string;
  /** Admin token with this tenant selected (for REST arrangements). */
  token: string;
  apiKey: string;
}

export interface ParityEnv {
  t: TestApp;
  adminKey: string;
}

/**
 * One input driven through REST and through MCP; both must answer the same data or the same
 * error. `shared` cases (reads, refusals) run both sides in one tenant; `twin` cases (writes) run
 * each side in its own fresh tenant arranged alike, and compare the answers with generated ids,
 * timestamps and the tenant's own names masked.
 */
export interface ParityCase {
  title: string;
  /** Credential on both sides. `tenant` = the tenant's API key, `admin` = an admin API key. */
  as: 'tenant' | 'admin';
  sides?: 'shared' | 'twin';
  /**
   * The input must be refused (same code on both sides, and the same message once each surface's
   * references — a REST route, a tool name — are read as the operation they name); otherwise both
   * must succeed.
   */
  refused?: true;
  /** The refusal is worded per surface beyond references (e.g. how to choose a tenant): REST and MCP patterns. */
  worded?: { rest: RegExp; mcp: RegExp };
  /** Tenant chosen for an admin key: X-Tenant-ID over REST, select_tenant over MCP. */
  selectTenant?: boolean;
  arrange?(env: ParityEnv, tenant: ParityTenant): Promise<void>;
  /** MCP tool arguments. */
  args(env: ParityEnv, tenant: ParityTenant): Record<string, unknown>;
  /** The REST call with the same input. */
  rest(env: ParityEnv, tenant: ParityTenant): { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
const VOLATILE_KEYS = new Set(['token', 'key', 'prefix', 'secret_key']);
/** Measured durations differ from call to call. */
const DURATION_KEYS = new Set(['executionTimeMs', 'durationMs']);

/** The answer with what differs between twin tenants or calls masked. */
export function mask(value: unknown, tenant?: ParityTenant): unknown {
  const text = (s: string) => {
    let out = s.replace(UUID, '<uuid>').replace(ISO_TIME, '<time>');
    if (tenant) out = out.split(tenant.slug).join('<tenant-slug>').split(tenant.name).join('<tenant-name>');
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [
          text(k),
          VOLATILE_KEYS.has(k) && typeof x === 'string' ? '<secret>' : DURATION_KEYS.has(k) && typeof x === 'number' ? '<ms>' : walk(x),
        ]),
      );
    }
    return v;
  };
  return walk(JSON.parse(JSON.stringify(value)));
}

/** A REST error message with its route references read as the tool names MCP shows (`GET /api/auth/tenants` → `list_tenants`). */
export function asToolWords(
  message: string,
  operations: ReadonlyArray<{ name: string; rest: ReadonlyArray<{ method: string; path: string }> }>,
): string {
  let out = message;
  const routes = operations.flatMap((op) =>
    op.rest.map((b) => [`${b.method} ${b.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`, op.name] as const),
  );
  for (const [route, name] of routes.sort((a, b) => b[0].length - a[0].length)) out = out.split(route).join(name);
  return out;
}
