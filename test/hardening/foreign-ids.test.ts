import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { OPERATIONS } from '../../src/operations/index.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { botIn } from '../isolation/bots.scenarios.js';
import { ruleIn } from '../isolation/rules.scenarios.js';
import type { TenantHandle } from '../isolation/scenario.js';
import { deployIn } from '../isolation/sites.scenarios.js';
import { PASSWORD, userIn } from '../isolation/users.scenarios.js';
import { callTool, connectHttp, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { CHANNEL_OF_A, LINKS, ROUTE_PROBES, THINGS, TOOL_PROBES, type IdKind, type OwnIds } from './foreign-ids.js';

/**
 * The cross-tenant enumerator (docs/security.md "Foreign ids"): with every tenant-bound credential
 * of tenant B, every route and tool that can name something (foreign-ids.ts) is called once with
 * tenant A's value and once with a value that names nothing. The answers must be the same — status
 * and body, the value itself aside — and nothing of A may be written or changed: every row of A in
 * every tenant table is compared before and after.
 */
describe('a foreign id answers exactly as a missing one, on every route and tool', () => {
  let s: McpTestService;
  let a: TenantHandle;
  let b: TenantHandle;
  let own: OwnIds;
  const foreign = {} as Record<IdKind, string>;
  const missing = {} as Record<IdKind, string>;
  const rest: Record<string, Record<string, string>> = {};
  const mcp: Record<string, string> = {};

  beforeAll(async () => {
    s = await startMcpService();
    const t = s.t;
    a = await t.createTenant('Foreign A');
    b = await t.createTenant('Foreign B');
    // Both tenants have `things` and `links` (links.target → things): only ids differ.
    for (const tenant of [a, b]) {
      await seedPublishedEntity(t, tenant.id, 'things', [
        { fieldKey: 'label', fieldType: 'text' },
        { fieldKey: 'qty', fieldType: 'number' },
        { fieldKey: 'total', fieldType: 'number' },
      ]);
      await seedPublishedEntity(t, tenant.id, 'links', [
        { fieldKey: 'target', fieldType: 'relation', config: { relatedEntity: 'things' } },
      ]);
    }
    await seedPublishedEntity(t, a.id, 'fx_secret_a', [{ fieldKey: 'label', fieldType: 'text' }]);
    const created = async (tenant: TenantHandle, path: string, body: unknown) => {
      const res = await t.post(path, body, { apiKey: tenant.apiKey });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as string;
    };
    const recordA = await created(a, THINGS, { label: 'secret of A' });
    await created(a, LINKS, { target: recordA });
    const recordB = await created(b, THINGS, { label: 'of B' });
    own = { linkB: await created(b, LINKS, { target: recordB }) };
    const keyA = await t.post('/api/auth/api-keys', { name: 'second key of A' }, { token: a.token });
    // A lends `things` through a channel with a tool of its own; B has a channel too, so B's
    // tool names reach the lookup.
    for (const [tenant, slug] of [
      [a, CHANNEL_OF_A],
      [b, 'fx-chan-b'],
    ] as const) {
      const res = await t.post('/api/my-channel', { slug, name: slug, permissions: { things: 'read' } }, { apiKey: tenant.apiKey });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const toolA = await t.post(
      '/api/my-channel/tools',
      {
        tool_name: 'fx_tool_a',
        description: 'A tool of A',
        params: { type: 'object', properties: {} },
        action: { type: 'query', entity: 'things', filters: [] },
      },
      { apiKey: a.apiKey },
    );
    expect(toolA.status, JSON.stringify(toolA.body)).toBe(201);
    await deployIn(t, a, 'fx-site-a', 'A');
    const rule = await ruleIn(t, a, 'fx_ruled');

    Object.assign(foreign, {
      record: recordA,
      callerRecord: recordB,
      user: await userIn(t, a, 'fx-user@a.example'),
      bot: (await botIn(t, a, 'fx-bot-a')).id,
      rule: rule.id,
      apiKey: keyA.body.data.id as string,
      tenantSlug: a.slug,
      tenantId: a.id,
      entity: 'fx_secret_a',
      site: 'fx-site-a',
      channelTool: 'fx_tool_a',
    } satisfies Record<IdKind, string>);
    const nothing = randomUUID();
    Object.assign(missing, {
      record: nothing,
      callerRecord: nothing,
      user: nothing,
      bot: nothing,
      rule: nothing,
      apiKey: nothing,
      tenantSlug: 'fx-nobody',
      tenantId: nothing,
      entity: 'fx_nowhere',
      site: 'fx-site-none',
      channelTool: 'fx_tool_none',
    } satisfies Record<IdKind, string>);

    // B's tenant-bound credentials: its API key, an owner's REST session and MCP token, a bot's token.
    const ownerId = await userIn(t, b, 'owner@b.example');
    expect((await t.patch(`/api/auth/tenant/users/${ownerId}`, { role: 'owner' }, { apiKey: b.apiKey })).status).toBe(200);
    const login = await t.post('/api/auth/tenant/login', { email: 'owner@b.example', password: PASSWORD }, { tenant: b.slug });
    const mcpLogin = await t.post('/api/auth/tenant/mcp-login', { tenantSlug: b.slug, email: 'owner@b.example', password: PASSWORD });
    const bot = await t.post('/api/bots', { name: 'fx-bot-b', role: 'admin' }, { apiKey: b.apiKey });
    const botToken = (
      await t.post('/api/bots/identify', { bot_id: bot.body.data.bot_id as string, secret_key: bot.body.data.secret_key as string })
    ).body.data.token as string;
    rest['tenant API key'] = { 'x-api-key': b.apiKey };
    rest['tenant user session'] = { authorization: `Bearer ${login.body.data.token as string}` };
    rest['bot token'] = { authorization: `Bearer ${botToken}` };
    mcp['tenant API key'] = b.apiKey;
    mcp['MCP user token'] = mcpLogin.body.data.token as string;
    mcp['bot token'] = botToken;
  });
  afterAll(async () => {
    await s.close();
  });

  /**
   * Every row of tenant A in every tenant table, as text: compared before and after the probes.
   * Left out: the audit of A's channel recording B's calls through it, which it does by design
   * (docs/channels.md).
   */
  async function snapshotOfA(): Promise<string[]> {
    const tables = [...inject('routerTenantTables')].sort();
    return withTenant(s.t.db, a.id, { readOnly: true }, async (tx) => {
      const rows: string[] = [];
      for (const table of tables) {
        for (const row of await tx.query<Record<string, unknown>>(`select * from ${table} where tenant_id = $1`, [a.id])) {
          if (table === 'channel_audit' && row.caller_tenant_id === b.id) continue;
          rows.push(`${table} ${JSON.stringify(row)}`);
        }
      }
      return rows.sort();
    });
  }

  /** An answer with the probed value written as <id>. */
  const normalized = (answer: unknown, value: string) => JSON.stringify(answer).replaceAll(value, '<id>');

  it('classifies every route of /api/openapi.json and every MCP tool (add a new one to foreign-ids.ts)', async () => {
    const doc = (await s.t.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(
      routes.filter((r) => !ROUTE_PROBES[r]),
      'routes not classified in test/hardening/foreign-ids.ts',
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_PROBES).filter((r) => !routes.includes(r)),
      'classified routes that no longer exist',
    ).toEqual([]);
    // The catalogue itself: every REST binding and every tool of every operation.
    const bindings = OPERATIONS.flatMap((op) => op.rest.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`));
    expect(
      bindings.filter((r) => !ROUTE_PROBES[r]),
      'catalogue routes not classified',
    ).toEqual([]);
    expect(
      OPERATIONS.filter((op) => op.tool && !TOOL_PROBES[op.name]).map((op) => op.name),
      'catalogue tools not classified',
    ).toEqual([]);
    const client = await connectHttp('streamable', s.mcpBase, b.apiKey);
    try {
      const tools = (await client.listTools()).tools.map((x) => x.name);
      expect(
        tools.filter((x) => !TOOL_PROBES[x]),
        'tools not classified in test/hardening/foreign-ids.ts',
      ).toEqual([]);
      expect(
        Object.keys(TOOL_PROBES).filter((x) => !tools.includes(x)),
        'classified tools that no longer exist',
      ).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('REST: every probe with every tenant-bound credential', async () => {
    const before = await snapshotOfA();
    const differences: unknown[] = [];
    const unreached: string[] = [];
    for (const [route, probes] of Object.entries(ROUTE_PROBES)) {
      if (!Array.isArray(probes)) continue;
      const method = route.split(' ')[0]!;
      for (const [kind, headers] of Object.entries(rest)) {
        for (const probe of probes) {
          const send = async (value: string) => {
            const body = probe.body?.(value, own);
            const res = await s.t.request(method, probe.url(value, own), body, { headers });
            return { status: res.status, body: normalized(res.body, value) };
          };
          const f = await send(foreign[probe.kind]);
          const m = await send(missing[probe.kind]);
          const label = `${route} [${probe.kind}: ${probe.url('<id>', own)}] as ${kind}`;
          if (f.status !== m.status || f.body !== m.body) differences.push({ label, foreign: f, missing: m });
          // A probe refused as invalid before its value was looked up proves nothing: fix its request.
          if (kind === 'tenant API key' && f.body.includes('VALIDATION_ERROR') && !f.body.includes('<id>'))
            unreached.push(`${label}: ${f.body}`);
        }
      }
    }
    expect(differences).toEqual([]);
    expect(unreached, 'probes refused before the lookup: fix their body in foreign-ids.ts').toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });

  it('MCP: every probe with every tenant-bound credential, through the SDK client', async () => {
    const before = await snapshotOfA();
    const differences: unknown[] = [];
    const unreached: string[] = [];
    for (const [kind, credential] of Object.entries(mcp)) {
      const client: Client = await connectHttp('streamable', s.mcpBase, credential);
      try {
        for (const [name, probes] of Object.entries(TOOL_PROBES)) {
          if (!Array.isArray(probes)) continue;
          for (const probe of probes) {
            const send = async (value: string) => {
              const answer = await callTool(client, name, probe.args(value, own));
              return { isError: answer.isError, json: normalized(answer.json, value) };
            };
            const f = await send(foreign[probe.kind]);
            const m = await send(missing[probe.kind]);
            const label = `${name} [${probe.kind}: ${JSON.stringify(probe.args('<id>', own))}] as ${kind}`;
            if (f.isError !== m.isError || f.json !== m.json) differences.push({ label, foreign: f, missing: m });
            if (kind === 'tenant API key' && f.json.includes('VALIDATION_ERROR') && !f.json.includes('<id>'))
              unreached.push(`${label}: ${f.json}`);
          }
        }
      } finally {
        await client.close();
      }
    }
    expect(differences).toEqual([]);
    expect(unreached, 'probes refused before the lookup: fix their arguments in foreign-ids.ts').toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });
});
