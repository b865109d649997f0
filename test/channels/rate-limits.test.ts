import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../users/users.helpers.js';
import { auditOf, channelWorld, execute, expectRefused, publish, type ChannelWorld } from './channels.helpers.js';

describe('rate limits of channel execution', () => {
  let w: ChannelWorld;
  const slug = 'limited';
  beforeAll(async () => {
    w = await channelWorld({ CHANNEL_RATE_LIMIT_PER_CALLER: '3', CHANNEL_RATE_LIMIT_PER_CHANNEL: '5' });
    await publish(w.t, w.owner, { slug, permissions: { products: 'read' } });
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('per caller, then per channel: 429 with Retry-After, audited; the next window allows again', async () => {
    const byKey = { apiKey: w.consumer.apiKey };
    for (let i = 0; i < 3; i++) expect((await execute(w.t, slug, 'list_products', {}, byKey)).status).toBe(200);
    const refused = await execute(w.t, slug, 'list_products', {}, byKey);
    expectRefused(refused, 429, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another caller has its own allowance, until the channel's (5) is spent.
    const user = await userWithToken(w.t, w.consumer, 'limited@consumer.test', 'viewer');
    for (let i = 0; i < 2; i++) expect((await execute(w.t, slug, 'list_products', {}, { token: user.token })).status).toBe(200);
    expectRefused(await execute(w.t, slug, 'list_products', {}, { token: user.token }), 429, 'RATE_LIMITED');

    const refusals = await auditOf(w.t, w.owner, '?outcome=refused');
    expect(refusals.map((e) => e.errorCode)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);

    w.t.clock.advance(retryAfter * 1000);
    expect((await execute(w.t, slug, 'list_products', {}, byKey)).status).toBe(200);
  });
});
