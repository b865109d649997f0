import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { IsolationScenarios, TenantHandle } from './scenario.js';

export async function botIn(t: TestApp, tenant: TenantHandle, name: string): Promise<{ id: string; secret: string }> {
  const res = await t.post('/api/bots', { name }, { apiKey: tenant.apiKey });
  expect(res.status).toBe(201);
  return { id: res.body.data.bot_id as string, secret: res.body.data.secret_key as string };
}

/** A's bot as A lists it (to prove B changed nothing). */
const seenByA = async (t: TestApp, a: TenantHandle, id: string) =>
  ((await t.get('/api/bots', { apiKey: a.apiKey })).body.data as Array<{ id: string }>).find((b) => b.id === id);

const identifies = async (t: TestApp, bot: { id: string; secret: string }) =>
  (await t.post('/api/bots/identify', { bot_id: bot.id, secret_key: bot.secret })).status === 200;

/** Tenant B acting on tenant A's bots, with B's key, B's admin token and a B bot token. */
export const BOT_SCENARIOS: IsolationScenarios = {
  async register_bot({ t, a, b }) {
    const bot = await botIn(t, a, 'iso-register');
    // The same name is free in B; B's bot is B's, and A's bot is untouched.
    const res = await t.post('/api/bots', { name: 'iso-register' }, { apiKey: b.apiKey });
    expect(res.status).toBe(201);
    expect(res.body.data.bot_id).not.toBe(bot.id);
    expect((await t.post('/api/bots', { name: 'iso-register-2' }, { apiKey: b.apiKey, tenant: a.slug })).status).toBe(401);
    expect(((await t.get('/api/bots', { apiKey: a.apiKey })).body.data as Array<{ name: string }>).map((x) => x.name)).not.toContain(
      'iso-register-2',
    );
    const identified = await t.post('/api/bots/identify', { bot_id: res.body.data.bot_id, secret_key: res.body.data.secret_key });
    expect(identified.body.data.bot.tenantId).toBe(b.id);
    expect(await identifies(t, bot)).toBe(true);
  },

  async list_bots({ t, a, b }) {
    const bot = await botIn(t, a, 'iso-list');
    for (const creds of [{ apiKey: b.apiKey }, { token: b.token }]) {
      const res = await t.get('/api/bots', creds);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body.data)).not.toContain(bot.id);
    }
    expect((await t.get('/api/bots', { apiKey: b.apiKey, tenant: a.slug })).status).toBe(401);
  },

  async identify_bot({ t, a, b }) {
    const bot = await botIn(t, a, 'iso-identify');
    // B's credential cannot identify A's bot, and a B secret cannot open A's bot.
    const asB = await t.post('/api/bots/identify', { bot_id: bot.id, secret_key: bot.secret }, { apiKey: b.apiKey });
    expect(asB.status).toBe(401);
    const bBot = await botIn(t, b, 'iso-identify');
    expect((await t.post('/api/bots/identify', { bot_id: bot.id, secret_key: bBot.secret })).status).toBe(401);
    const byName = await t.post('/api/bots/identify', { name: 'iso-identify', secret_key: bBot.secret });
    expect(byName.body.data.bot.id).toBe(bBot.id);
    expect(await identifies(t, bot)).toBe(true);
  },

  async whoami_bot({ t, a, b }) {
    const bBot = await botIn(t, b, 'iso-whoami');
    const token = (await t.post('/api/bots/identify', { bot_id: bBot.id, secret_key: bBot.secret })).body.data.token as string;
    const me = await t.get('/api/bots/me', { token });
    expect(me.body.data.tenant.id).toBe(b.id);
    expect((await t.get('/api/bots/me', { token, tenant: a.slug })).status).toBe(401);
    expect((await t.get('/api/bots/me', { token, tenant: a.id })).status).toBe(401);
  },

  async revoke_bot({ t, a, b }) {
    const bot = await botIn(t, a, 'iso-revoke');
    for (const ref of [bot.id, 'iso-revoke']) {
      const res = await t.delete(`/api/bots/${ref}`, { apiKey: b.apiKey });
      expect(res.status).toBe(404);
    }
    expect((await t.delete(`/api/bots/${bot.id}`, { apiKey: b.apiKey, tenant: a.slug })).status).toBe(401);
    expect(await seenByA(t, a, bot.id)).toMatchObject({ status: 'active' });
    expect(await identifies(t, bot)).toBe(true);
  },

  async reset_bot_secret({ t, a, b }) {
    const bot = await botIn(t, a, 'iso-reset');
    for (const ref of [bot.id, 'iso-reset']) {
      const res = await t.post(`/api/bots/${ref}/reset-secret`, undefined, { apiKey: b.apiKey });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('tbot_');
    }
    expect(await identifies(t, bot)).toBe(true);
  },
};
