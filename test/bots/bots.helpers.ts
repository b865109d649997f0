import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';

export interface Tenant {
  id: string;
  slug: string;
  apiKey: string;
}

export interface RegisteredBot {
  id: string;
  name: string;
  secret: string;
}

/** Registers a bot through REST with the tenant's API key (owner rights) unless `as` says otherwise. */
export async function registerBot(
  t: TestApp,
  tenant: Tenant,
  body: { name: string; role?: string; permissions?: unknown; description?: string },
  as: { apiKey?: string; token?: string } = { apiKey: tenant.apiKey },
): Promise<RegisteredBot> {
  const res = await t.post('/api/bots', body, as);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.bot_id, name: body.name, secret: res.body.data.secret_key };
}

export function identify(t: TestApp, body: Record<string, unknown>, options: { tenant?: string } = {}) {
  return t.post('/api/bots/identify', body, options);
}

/** Registers a bot and answers it with a fresh token. */
export async function botWithToken(
  t: TestApp,
  tenant: Tenant,
  body: { name: string; role?: string; permissions?: unknown },
): Promise<RegisteredBot & { token: string }> {
  const bot = await registerBot(t, tenant, body);
  const res = await identify(t, { bot_id: bot.id, secret_key: bot.secret });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...bot, token: res.body.data.token };
}

/** Bot rows as the database owner sees them (to prove what was or was not written). */
export async function countBots(t: TestApp, tenantId?: string): Promise<number> {
  const rows = await probe(() =>
    t.db.query<{ n: number }>(`select count(*)::int as n from bots${tenantId ? ' where tenant_id = $1' : ''}`, tenantId ? [tenantId] : []),
  );
  return rows[0]!.n;
}

/** The stored state of one bot (owner view), e.g. its secret hash or token generation. */
export async function botRow(t: TestApp, id: string): Promise<Record<string, unknown>> {
  const rows = await probe(() => t.db.query('select * from bots where id = $1', [id]));
  return rows[0]!;
}
