import type { ParityCase, ParityEnv, ParityTenant } from './parity-harness.js';

/** Parity cases of the bot tools (docs/bots.md). */

/** One bot per tenant and name, registered once even when several cases arrange it. */
const registered = new Map<string, { id: string; secret: string }>();
async function bot(env: ParityEnv, tn: ParityTenant, name: string) {
  const key = `${tn.id}/${name}`;
  const known = registered.get(key);
  if (known) return known;
  const res = await env.t.post('/api/bots', { name, role: 'viewer' }, { apiKey: tn.apiKey });
  if (res.status !== 201) throw new Error(`arrange register_bot failed: ${JSON.stringify(res.body)}`);
  const made = { id: res.body.data.bot_id as string, secret: res.body.data.secret_key as string };
  registered.set(key, made);
  return made;
}
const secretOf = (tn: ParityTenant, name: string) => registered.get(`${tn.id}/${name}`)?.secret ?? 'missing';

const NEW_BOT = { name: 'parity-bot', role: 'viewer', permissions: { entities: { parity_things: ['read'] } } };

export const BOT_PARITY_CASES: Record<string, ParityCase[]> = {
  register_bot: [
    {
      title: 'registers a bot',
      as: 'tenant',
      sides: 'twin',
      args: () => NEW_BOT,
      rest: () => ({ method: 'POST', path: '/api/bots', body: NEW_BOT }),
    },
    {
      title: 'duplicate name',
      refused: true,
      as: 'tenant',
      arrange: async (e, tn) => void (await bot(e, tn, 'parity-taken')),
      args: () => ({ name: 'parity-taken' }),
      rest: () => ({ method: 'POST', path: '/api/bots', body: { name: 'parity-taken' } }),
    },
  ],
  identify_bot: [
    {
      title: 'by name and secret',
      as: 'tenant',
      arrange: async (e, tn) => void (await bot(e, tn, 'parity-identify')),
      args: (_e, tn) => ({ name: 'parity-identify', secret_key: secretOf(tn, 'parity-identify') }),
      rest: (_e, tn) => ({
        method: 'POST',
        path: '/api/bots/identify',
        body: { name: 'parity-identify', secret_key: secretOf(tn, 'parity-identify') },
      }),
    },
    {
      title: 'unknown bot',
      refused: true,
      as: 'tenant',
      args: (_e, tn) => ({ name: 'parity-nobody', secret_key: secretOf(tn, 'parity-identify') }),
      rest: (_e, tn) => ({
        method: 'POST',
        path: '/api/bots/identify',
        body: { name: 'parity-nobody', secret_key: secretOf(tn, 'parity-identify') },
      }),
    },
  ],
  list_bots: [
    {
      title: "the tenant's bots",
      as: 'tenant',
      arrange: async (e, tn) => void (await bot(e, tn, 'parity-listed')),
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/bots' }),
    },
  ],
  whoami_bot: [
    {
      title: 'a caller that is not a bot',
      refused: true,
      as: 'tenant',
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/bots/me' }),
    },
  ],
  revoke_bot: [
    {
      title: 'revokes by name',
      as: 'tenant',
      sides: 'twin',
      arrange: async (e, tn) => void (await bot(e, tn, 'parity-revoked')),
      args: () => ({ bot_id: 'parity-revoked' }),
      rest: () => ({ method: 'DELETE', path: '/api/bots/parity-revoked' }),
    },
    {
      title: 'unknown bot',
      refused: true,
      as: 'tenant',
      args: () => ({ bot_id: 'parity-nobody' }),
      rest: () => ({ method: 'DELETE', path: '/api/bots/parity-nobody' }),
    },
  ],
  reset_bot_secret: [
    {
      title: 'new secret by name',
      as: 'tenant',
      sides: 'twin',
      arrange: async (e, tn) => void (await bot(e, tn, 'parity-reset')),
      args: () => ({ bot_id: 'parity-reset' }),
      rest: () => ({ method: 'POST', path: '/api/bots/parity-reset/reset-secret' }),
    },
  ],
};
