import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_AFTER_FAILURES, LOCKOUT_MINUTES } from '../../src/domain/bots/lockout.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { botRow, identify, registerBot, type Tenant } from './bots.helpers.js';

const MINUTE = 60_000;

/** The identify lockout ladder, stored in the database, with the service clock moved by the test. */
describe('bot identify lockout', () => {
  let t: TestApp;
  let acme: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme Lockout');
  });
  afterAll(async () => {
    await t.close();
  });

  const fail = async (botId: string, secret: string, times = LOCKOUT_AFTER_FAILURES) => {
    for (let i = 0; i < times; i++) {
      const res = await identify(t, { bot_id: botId, secret_key: `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}` });
      expect(res.status).toBe(401);
    }
  };

  it(`locks after ${LOCKOUT_AFTER_FAILURES} failures for 1, then 5, 30, 60 and 120 minutes, refusing even the right secret`, async () => {
    const bot = await registerBot(t, acme, { name: 'ladder-bot' });
    for (const minutes of [...LOCKOUT_MINUTES, 120]) {
      await fail(bot.id, bot.secret);
      const locked = await identify(t, { bot_id: bot.id, secret_key: bot.secret });
      expect(locked.status, `rung ${minutes}`).toBe(429);
      expect(locked.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
      expect(Number(locked.headers['retry-after'])).toBe(minutes * 60);
      const listed = (await t.get('/api/bots', { apiKey: acme.apiKey })).body.data.find((b: { id: string }) => b.id === bot.id);
      expect(listed.status).toBe('locked');
      t.clock.advance(minutes * MINUTE - 1000);
      expect((await identify(t, { bot_id: bot.id, secret_key: bot.secret })).status).toBe(429);
      t.clock.advance(1000);
    }
    // Unlocked: the right secret works and starts the ladder again.
    expect((await identify(t, { bot_id: bot.id, secret_key: bot.secret })).status).toBe(200);
    await fail(bot.id, bot.secret);
    const again = await identify(t, { bot_id: bot.id, secret_key: bot.secret });
    expect(Number(again.headers['retry-after'])).toBe(LOCKOUT_MINUTES[0] * 60);
  }, 60_000);

  it('counts failures in the database (another service instance would see them) and forgives them on success', async () => {
    const bot = await registerBot(t, acme, { name: 'counted-bot' });
    await fail(bot.id, bot.secret, LOCKOUT_AFTER_FAILURES - 1);
    expect(await botRow(t, bot.id)).toMatchObject({ failed_identifies: LOCKOUT_AFTER_FAILURES - 1, locked_until: null });
    expect((await identify(t, { name: 'counted-bot', secret_key: bot.secret })).status).toBe(200);
    expect(await botRow(t, bot.id)).toMatchObject({ failed_identifies: 0, lockout_level: 0 });
  });

  it('locks one bot only, and a secret reset lifts the lock', async () => {
    const locked = await registerBot(t, acme, { name: 'locked-one' });
    const bystander = await registerBot(t, acme, { name: 'bystander-one' });
    await fail(locked.id, locked.secret);
    const refused = await identify(t, { bot_id: locked.id, secret_key: locked.secret });
    expect(refused.status).toBe(429);
    // The refusal names what ends the lockout before its time: resetting the secret.
    expect(refused.body.error.message).toContain('POST /api/bots/{bot_id}/reset-secret');
    expect((await identify(t, { bot_id: bystander.id, secret_key: bystander.secret })).status).toBe(200);
    const reset = await t.post(`/api/bots/${locked.id}/reset-secret`, undefined, { apiKey: acme.apiKey });
    expect((await identify(t, { bot_id: locked.id, secret_key: reset.body.data.secret_key })).status).toBe(200);
  });
});
