import { seedPublishedEntity } from '../helpers/seed-entity.js';
import type { ParityCase, ParityEnv, ParityTenant } from './parity-harness.js';

/**
 * Parity cases of the channel tools. Each tenant (twins alike) lends its own `parity_goods`
 * through a channel named after it, and consumes it with its own key: the answers then differ
 * only by the tenant's name, which the comparison masks.
 */
const slugOf = (tn: ParityTenant) => `${tn.slug}-ch`;
const CUSTOM = {
  tool_name: 'cheap_goods',
  description: 'Goods under a price',
  params: { type: 'object', properties: { below: { type: 'number', minimum: 0 } }, required: ['below'] },
  action: { type: 'query', entity: 'parity_goods', filters: [{ field: 'price', op: 'lt', value: { param: 'below' } }], orderBy: 'price' },
};

async function call(env: ParityEnv, tn: ParityTenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const res = await env.t.request(method, path, body, { apiKey: tn.apiKey });
  if (!res.body?.success) throw new Error(`arrange ${method} ${path} failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function goods(env: ParityEnv, tn: ParityTenant) {
  await seedPublishedEntity(env.t, tn.id, 'parity_goods', [
    { fieldKey: 'title', fieldType: 'text', isRequired: true },
    { fieldKey: 'price', fieldType: 'number' },
  ]);
  for (const [title, price] of [
    ['Pen', 2],
    ['Lamp', 30],
  ] as const)
    await call(env, tn, 'POST', '/api/entities/parity_goods/records', { title, price });
}

async function channel(env: ParityEnv, tn: ParityTenant) {
  await goods(env, tn);
  await call(env, tn, 'POST', '/api/my-channel', {
    slug: slugOf(tn),
    name: `${tn.name} goods`,
    tags: ['parity'],
    permissions: { parity_goods: 'readwrite' },
  });
}

async function withTool(env: ParityEnv, tn: ParityTenant) {
  await channel(env, tn);
  await call(env, tn, 'POST', '/api/my-channel/tools', CUSTOM);
}

const twin = { as: 'tenant', sides: 'twin' } as const;
const mine = { method: 'GET', path: '/api/my-channel' } as const;

export const CHANNEL_PARITY_CASES: Record<string, ParityCase[]> = {
  publish_channel: [
    {
      ...twin,
      title: 'lends an entity',
      arrange: goods,
      args: (_e, tn) => ({ slug: slugOf(tn), name: 'Goods', permissions: { parity_goods: 'read' } }),
      rest: (_e, tn) => ({
        method: 'POST',
        path: '/api/my-channel',
        body: { slug: slugOf(tn), name: 'Goods', permissions: { parity_goods: 'read' } },
      }),
    },
    {
      ...twin,
      refused: true,
      title: 'an entity the tenant does not have',
      args: (_e, tn) => ({ slug: slugOf(tn), name: 'Goods', permissions: { ghosts: 'read' } }),
      rest: (_e, tn) => ({
        method: 'POST',
        path: '/api/my-channel',
        body: { slug: slugOf(tn), name: 'Goods', permissions: { ghosts: 'read' } },
      }),
    },
  ],
  update_channel: [
    {
      ...twin,
      title: 'a new description',
      arrange: channel,
      args: () => ({ description: 'Fresh' }),
      rest: () => ({ method: 'PATCH', path: '/api/my-channel', body: { description: 'Fresh' } }),
    },
    {
      ...twin,
      refused: true,
      title: 'no channel yet',
      args: () => ({ name: 'X' }),
      rest: () => ({ method: 'PATCH', path: '/api/my-channel', body: { name: 'X' } }),
    },
  ],
  set_channel_permissions: [
    {
      ...twin,
      title: 'read only',
      arrange: channel,
      args: () => ({ permissions: { parity_goods: 'read' } }),
      rest: () => ({ method: 'PUT', path: '/api/my-channel/permissions', body: { permissions: { parity_goods: 'read' } } }),
    },
    {
      ...twin,
      refused: true,
      title: 'an unknown permission',
      arrange: channel,
      args: () => ({ permissions: { parity_goods: 'delete' } }),
      rest: () => ({ method: 'PUT', path: '/api/my-channel/permissions', body: { permissions: { parity_goods: 'delete' } } }),
    },
  ],
  unpublish_channel: [
    { ...twin, title: 'hides it', arrange: channel, args: () => ({}), rest: () => ({ method: 'DELETE', path: '/api/my-channel' }) },
    { ...twin, refused: true, title: 'nothing published', args: () => ({}), rest: () => ({ method: 'DELETE', path: '/api/my-channel' }) },
  ],
  get_my_channel: [
    { ...twin, title: 'with its tools', arrange: withTool, args: () => ({}), rest: () => mine },
    { ...twin, refused: true, title: 'no channel', args: () => ({}), rest: () => mine },
  ],
  define_channel_tool: [
    {
      ...twin,
      title: 'a query tool',
      arrange: channel,
      args: () => CUSTOM,
      rest: () => ({ method: 'POST', path: '/api/my-channel/tools', body: CUSTOM }),
    },
    {
      ...twin,
      refused: true,
      title: 'a schema with $ref',
      arrange: channel,
      args: () => ({ ...CUSTOM, params: { type: 'object', $ref: '#/x' } }),
      rest: () => ({ method: 'POST', path: '/api/my-channel/tools', body: { ...CUSTOM, params: { type: 'object', $ref: '#/x' } } }),
    },
  ],
  update_channel_tool: [
    {
      ...twin,
      title: 'a new description',
      arrange: withTool,
      args: () => ({ ...CUSTOM, description: 'Cheap goods' }),
      rest: () => ({
        method: 'PUT',
        path: '/api/my-channel/tools/cheap_goods',
        body: { ...CUSTOM, tool_name: undefined, description: 'Cheap goods' },
      }),
    },
    {
      ...twin,
      refused: true,
      title: 'a tool that does not exist',
      arrange: channel,
      args: () => ({ ...CUSTOM, tool_name: 'nope' }),
      rest: () => ({ method: 'PUT', path: '/api/my-channel/tools/nope', body: { ...CUSTOM, tool_name: undefined } }),
    },
  ],
  remove_channel_tool: [
    {
      ...twin,
      title: 'removes it',
      arrange: withTool,
      args: () => ({ tool_name: 'cheap_goods' }),
      rest: () => ({ method: 'DELETE', path: '/api/my-channel/tools/cheap_goods' }),
    },
    {
      ...twin,
      refused: true,
      title: 'unknown tool',
      arrange: channel,
      args: () => ({ tool_name: 'nope' }),
      rest: () => ({ method: 'DELETE', path: '/api/my-channel/tools/nope' }),
    },
  ],
  search_channels: [
    {
      ...twin,
      title: 'by text',
      arrange: channel,
      args: (_e, tn) => ({ query: slugOf(tn), tags: ['parity'] }),
      rest: (_e, tn) => ({ method: 'GET', path: `/api/channels?query=${slugOf(tn)}&tags=parity` }),
    },
    {
      ...twin,
      refused: true,
      title: 'a query too long',
      args: () => ({ query: 'q'.repeat(101) }),
      rest: () => ({ method: 'GET', path: `/api/channels?query=${'q'.repeat(101)}` }),
    },
  ],
  get_channel_info: [
    {
      ...twin,
      title: 'a published channel',
      arrange: channel,
      args: (_e, tn) => ({ channel_slug: slugOf(tn) }),
      rest: (_e, tn) => ({ method: 'GET', path: `/api/channels/${slugOf(tn)}` }),
    },
    {
      ...twin,
      refused: true,
      title: 'unknown',
      args: () => ({ channel_slug: 'no-such-channel' }),
      rest: () => ({ method: 'GET', path: '/api/channels/no-such-channel' }),
    },
  ],
  get_channel_tools: [
    {
      ...twin,
      title: 'derived and custom',
      arrange: withTool,
      args: (_e, tn) => ({ channel_slug: slugOf(tn) }),
      rest: (_e, tn) => ({ method: 'GET', path: `/api/channels/${slugOf(tn)}/tools` }),
    },
  ],
  execute_channel_tool: [
    {
      ...twin,
      title: 'a custom query',
      arrange: withTool,
      args: (_e, tn) => ({ channel_slug: slugOf(tn), tool_name: 'cheap_goods', params: { below: 10 } }),
      rest: (_e, tn) => ({ method: 'POST', path: `/api/channels/${slugOf(tn)}/tools/cheap_goods/execute`, body: { below: 10 } }),
    },
    {
      ...twin,
      refused: true,
      title: 'arguments against the schema',
      arrange: withTool,
      args: (_e, tn) => ({ channel_slug: slugOf(tn), tool_name: 'cheap_goods', params: { below: -1 } }),
      rest: (_e, tn) => ({ method: 'POST', path: `/api/channels/${slugOf(tn)}/tools/cheap_goods/execute`, body: { below: -1 } }),
    },
  ],
  list_channel_audit: [
    {
      ...twin,
      title: 'refusals',
      arrange: async (env, tn) => {
        await channel(env, tn);
        await env.t.request('POST', `/api/channels/${slugOf(tn)}/tools/list_nothing/execute`, {}, { apiKey: tn.apiKey });
      },
      args: () => ({ outcome: 'refused' }),
      rest: () => ({ method: 'GET', path: '/api/my-channel/audit?outcome=refused' }),
    },
    {
      ...twin,
      refused: true,
      title: 'page 0',
      args: () => ({ page: 0 }),
      rest: () => ({ method: 'GET', path: '/api/my-channel/audit?page=0' }),
    },
  ],
};
