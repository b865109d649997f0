import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { IsolationScenarios, TenantHandle } from './scenario.js';

export const deployIn = async (t: TestApp, tenant: TenantHandle, subdomain: string, content: string) => {
  const res = await t.post('/api/sites', { subdomain, files: [{ path: 'index.html', content }] }, { apiKey: tenant.apiKey });
  expect(res.status).toBe(201);
};

/** What visitors of `subdomain` get, and what A lists of it. */
const served = async (t: TestApp, subdomain: string) =>
  (await t.app.inject({ method: 'GET', url: '/', headers: { host: `${subdomain}.${t.config.sites.domain}` } })).body;
const listedBy = async (t: TestApp, tenant: TenantHandle) =>
  ((await t.get('/api/sites', { apiKey: tenant.apiKey })).body.data as Array<{ subdomain: string; liveVersion: number }>).map(
    (s) => `${s.subdomain}@${s.liveVersion}`,
  );

/** Tenant B acting on tenant A's sites, with B's key and B's admin token. */
export const SITE_SCENARIOS: IsolationScenarios = {
  async deploy_static_site({ t, a, b }) {
    await deployIn(t, a, 'iso-deploy', 'from A');
    for (const creds of [{ apiKey: b.apiKey }, { token: b.token }]) {
      const res = await t.post('/api/sites', { subdomain: 'iso-deploy', files: [{ path: 'index.html', content: 'from B' }] }, creds);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('CONFLICT');
    }
    expect(await served(t, 'iso-deploy')).toBe('from A');
    expect(await listedBy(t, a)).toContain('iso-deploy@1');
    expect(await listedBy(t, b)).not.toContain('iso-deploy@1');
  },

  async list_static_sites({ t, a, b }) {
    await deployIn(t, a, 'iso-list', 'A');
    for (const creds of [{ apiKey: b.apiKey }, { token: b.token }]) {
      const res = await t.get('/api/sites', creds);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('iso-list');
    }
    expect((await t.get('/api/sites', { apiKey: b.apiKey, tenant: a.slug })).status).toBe(401);
  },

  async delete_static_site({ t, a, b }) {
    await deployIn(t, a, 'iso-delete', 'A stays');
    for (const creds of [{ apiKey: b.apiKey }, { token: b.token }]) {
      const res = await t.delete('/api/sites/iso-delete', creds);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    // Exactly like a subdomain nobody holds.
    const none = await t.delete('/api/sites/iso-nobody', { apiKey: b.apiKey });
    expect(none.status).toBe(404);
    expect(await served(t, 'iso-delete')).toBe('A stays');
    expect(await listedBy(t, a)).toContain('iso-delete@1');
  },

  async rollback_static_site({ t, a, b }) {
    await deployIn(t, a, 'iso-rollback', 'A v1');
    await deployIn(t, a, 'iso-rollback', 'A v2');
    for (const creds of [{ apiKey: b.apiKey }, { token: b.token }]) {
      const res = await t.post('/api/sites/iso-rollback/rollback', { version: 1 }, creds);
      expect(res.status).toBe(404);
    }
    expect(await served(t, 'iso-rollback')).toBe('A v2');
    expect(await listedBy(t, a)).toContain('iso-rollback@2');
  },
};
