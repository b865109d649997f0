import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALIDATION_CHANNEL } from '../../src/db/invalidation.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { deployed, visit } from './helpers.js';

describe('the live-site cache is exact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('forgets an unknown subdomain as soon as it is deployed, and a deleted site at once', async () => {
    const a = await t.createTenant('Exact');
    expect((await visit(t, 'soon-site', '/')).statusCode).toBe(404);
    await deployed(t, a, 'soon-site', [{ path: 'index.html', content: 'now here' }]);
    expect((await visit(t, 'soon-site', '/')).body).toBe('now here');
    expect((await t.delete('/api/sites/soon-site', { apiKey: a.apiKey })).status).toBe(200);
    expect((await visit(t, 'soon-site', '/')).statusCode).toBe(404);
  });

  it('serves the cached version until another process announces its change, and the change right after', async () => {
    const a = await t.createTenant('Remote Sites');
    await deployed(t, a, 'remote-site', [{ path: 'index.html', content: 'v1' }]);
    await deployed(t, a, 'remote-site', [{ path: 'index.html', content: 'v2' }]);
    expect((await visit(t, 'remote-site', '/')).body).toBe('v2');
    // Another process switches the live version (as its rollback would) without telling: the cache holds.
    await probe(() => t.db.query("update sites set live_version = 1 where subdomain = 'remote-site'"));
    expect((await visit(t, 'remote-site', '/')).body).toBe('v2');
    // Its announcement: on PostgreSQL a real NOTIFY, heard by this process's listener; the embedded
    // database has no other process, so the bus is handed the payload its listener would receive.
    const evicted = new Promise<void>((resolve) => {
      const stop = t.db.invalidations.subscribe((key) => {
        if (key !== 'site:remote-site') return;
        stop();
        resolve();
      });
    });
    if (t.db.kind === 'postgres') await probe(() => t.db.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, 'site:remote-site']));
    else t.db.invalidations.receive('site:remote-site');
    await evicted;
    expect((await visit(t, 'remote-site', '/')).body).toBe('v1');
  });
});
