import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import type { IsolationScenarios, TenantHandle } from './scenario.js';

/**
 * Tenant B against tenant A's channel. A channel is A's data lent on purpose: B may discover it and
 * execute its tools — inside the grant, inside A — and nothing more: not A's channel settings, not
 * A's custom tool definitions, not A's audit log, not A's ungranted entities.
 */
const arranged = new WeakMap<TestApp, Promise<{ slug: string; record: string; secret: string }>>();

function channelOfA(t: TestApp, a: TenantHandle) {
  const existing = arranged.get(t);
  if (existing) return existing;
  const made = (async () => {
    const slug = `iso-${a.slug}`.slice(0, 63);
    await seedPublishedEntity(t, a.id, 'iso_items', [{ fieldKey: 'label', fieldType: 'text' }]);
    await seedPublishedEntity(t, a.id, 'iso_private', [{ fieldKey: 'code', fieldType: 'text' }]);
    const as = { apiKey: a.apiKey };
    const record = (await t.post('/api/entities/iso_items/records', { label: 'lent by A' }, as)).body.data.id as string;
    const secret = (await t.post('/api/entities/iso_private/records', { code: 'private of A' }, as)).body.data.id as string;
    const published = await t.post('/api/my-channel', { slug, name: 'A lends', permissions: { iso_items: 'readwrite' } }, as);
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const tool = await t.post('/api/my-channel/tools', CUSTOM_TOOL, as);
    expect(tool.status, JSON.stringify(tool.body)).toBe(201);
    return { slug, record, secret };
  })();
  arranged.set(t, made);
  return made;
}

const CUSTOM_TOOL = {
  tool_name: 'iso_labelled',
  description: 'Items with a label',
  params: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
  action: { type: 'query', entity: 'iso_items', filters: [{ field: 'label', op: 'eq', value: { param: 'label' } }] },
};

const mineOfA = async (t: TestApp, a: TenantHandle) => (await t.get('/api/my-channel', { apiKey: a.apiKey })).body.data;

/** B gets a channel of its own (empty grant), so it gets past "you have no channel". */
async function channelOfB(t: TestApp, b: TenantHandle) {
  const mine = await t.get('/api/my-channel', { apiKey: b.apiKey });
  if (mine.status === 404)
    expect((await t.post('/api/my-channel', { slug: `iso-${b.slug}`, name: 'B', permissions: {} }, { apiKey: b.apiKey })).status).toBe(201);
}

export const CHANNEL_SCENARIOS: IsolationScenarios = {
  async publish_channel({ t, a, b }) {
    const { slug } = await channelOfA(t, a);
    const before = await mineOfA(t, a);
    // B can neither take A's slug nor lend A's entities (B has none by those names).
    const taken = await t.post('/api/my-channel', { slug, name: 'Squat', permissions: {} }, { apiKey: b.apiKey });
    expect([409, 400]).toContain(taken.status);
    const lend = await t.post(
      '/api/my-channel',
      { slug: 'iso-b-lends-a', name: 'X', permissions: { iso_items: 'read' } },
      { apiKey: b.apiKey },
    );
    expect(lend.status).toBe(400);
    expect(await mineOfA(t, a)).toEqual(before);
  },
  async update_channel({ t, a, b }) {
    await channelOfA(t, a);
    const before = await mineOfA(t, a);
    await t.patch('/api/my-channel', { name: 'Renamed by B' }, { apiKey: b.apiKey });
    expect(await mineOfA(t, a)).toEqual(before);
  },
  async set_channel_permissions({ t, a, b }) {
    await channelOfA(t, a);
    const before = await mineOfA(t, a);
    await t.put('/api/my-channel/permissions', { permissions: {} }, { apiKey: b.apiKey });
    expect(await mineOfA(t, a)).toEqual(before);
  },
  async unpublish_channel({ t, a, b }) {
    await channelOfA(t, a);
    await t.delete('/api/my-channel', { apiKey: b.apiKey });
    expect((await mineOfA(t, a)).published).toBe(true);
  },
  async get_my_channel({ t, a, b }) {
    const { slug } = await channelOfA(t, a);
    const res = await t.get('/api/my-channel', { apiKey: b.apiKey });
    expect(JSON.stringify(res.body)).not.toContain(slug);
    expect(JSON.stringify(res.body)).not.toContain('iso_labelled');
  },
  async define_channel_tool({ t, a, b }) {
    await channelOfA(t, a);
    await channelOfB(t, b);
    const before = await mineOfA(t, a);
    // B's tool may not act on A's entity: B's grant does not hold it.
    const res = await t.post('/api/my-channel/tools', { ...CUSTOM_TOOL, tool_name: 'iso_b_tool' }, { apiKey: b.apiKey });
    expect(res.status).toBe(400);
    expect(await mineOfA(t, a)).toEqual(before);
  },
  async update_channel_tool({ t, a, b }) {
    await channelOfA(t, a);
    await channelOfB(t, b);
    const before = await mineOfA(t, a);
    const body = { description: 'hijacked', params: CUSTOM_TOOL.params, action: CUSTOM_TOOL.action };
    const foreign = await t.put('/api/my-channel/tools/iso_labelled', body, { apiKey: b.apiKey });
    const missing = await t.put('/api/my-channel/tools/iso_never_defined', body, { apiKey: b.apiKey });
    expect([foreign.status, foreign.body.error?.code]).toEqual([missing.status, missing.body.error?.code]);
    expect(foreign.body.error.message.replace('iso_labelled', 'X')).toBe(missing.body.error.message.replace('iso_never_defined', 'X'));
    expect(await mineOfA(t, a)).toEqual(before);
  },
  async remove_channel_tool({ t, a, b }) {
    await channelOfA(t, a);
    const foreign = await t.delete('/api/my-channel/tools/iso_labelled', { apiKey: b.apiKey });
    const missing = await t.delete('/api/my-channel/tools/iso_never_defined', { apiKey: b.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message.replace('iso_labelled', 'X')).toBe(missing.body.error.message.replace('iso_never_defined', 'X'));
    expect((await mineOfA(t, a)).tools.map((x: { name: string }) => x.name)).toContain('iso_labelled');
  },
  async list_channel_audit({ t, a, b }) {
    const { slug } = await channelOfA(t, a);
    await t.post(`/api/channels/${slug}/tools/list_iso_items/execute`, {}, { apiKey: b.apiKey });
    expect((await t.get('/api/my-channel/audit', { apiKey: a.apiKey })).body.data.total).toBeGreaterThan(0);
    const seenByB = await t.get(`/api/my-channel/audit?caller_tenant=${b.slug}`, { apiKey: b.apiKey });
    expect(seenByB.status).toBe(200);
    expect(seenByB.body.data.data.every((e: { caller: { tenantId: string } }) => e.caller.tenantId !== b.id || false)).toBe(true);
    expect(JSON.stringify(seenByB.body.data.data)).not.toContain('list_iso_items');
  },
  async search_channels({ t, a, b }) {
    const { slug } = await channelOfA(t, a);
    const res = await t.get(`/api/channels?query=${slug}`, { apiKey: b.apiKey });
    expect(res.body.data.channels.map((c: { slug: string }) => c.slug)).toEqual([slug]);
    expect(JSON.stringify(res.body)).not.toContain(a.id);
  },
  async get_channel_info({ t, a, b }) {
    const { slug } = await channelOfA(t, a);
    const res = await t.get(`/api/channels/${slug}`, { apiKey: b.apiKey });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(a.id);
    expect(res.body.data.permissions).toEqual({ iso_items: 'readwrite' });
  },
  async get_channel_tools({ t, a, b }) {
    const { slug } = await channelOfA(t, a);
    const res = await t.get(`/api/channels/${slug}/tools`, { apiKey: b.apiKey });
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(a.id);
    expect(text).not.toContain('iso_private');
    // A custom tool shows its parameters, never its action.
    expect(text).not.toContain('"filters"');
  },
  async execute_channel_tool({ t, a, b }) {
    const { slug, record, secret } = await channelOfA(t, a);
    const run = (tool: string, params: unknown) => t.post(`/api/channels/${slug}/tools/${tool}/execute`, params, { apiKey: b.apiKey });
    expect((await run('get_iso_items', { id: record })).body.data.result.data).toEqual({ label: 'lent by A' });
    for (const [tool, params] of [
      ['get_iso_private', { id: secret }],
      ['get_iso_items', { id: secret }],
      ['list_iso_private', {}],
    ] as const) {
      const res = await run(tool, params);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('private of A');
    }
    // B's own records are untouched by a write through A's channel, which lands in A.
    const created = await run('create_iso_items', { data: { label: 'written by B' } });
    expect(created.status).toBe(200);
    expect((await t.get(`/api/entities/iso_items/records/${created.body.data.result.id}`, { apiKey: a.apiKey })).status).toBe(200);
    expect((await t.get(`/api/entities/iso_items/records/${created.body.data.result.id}`, { apiKey: b.apiKey })).status).toBe(404);
  },
};
