import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deploy, deployed, overSocket, storedRows, visit, type Tenant } from './helpers.js';
import { DEPLOY_TRAVERSALS, URL_TRAVERSALS } from './traversal-corpus.js';

describe('paths that climb out of a site', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    a = await t.createTenant('Traversal A');
    b = await t.createTenant('Traversal B');
    await deployed(t, a, 'trav-site', [
      { path: 'index.html', content: 'trav home' },
      { path: 'public/a.txt', content: 'public a' },
      { path: '404.html', content: 'trav 404' },
      { path: '_redirects', content: '/*  /index.html  200' },
    ]);
    await deployed(t, a, 'other-site', [{ path: 'secret.txt', content: 'SECRET OF A' }]);
    await deployed(t, b, 'b-site', [{ path: 'secret.txt', content: 'SECRET OF B' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a corpus of at least 200 variants each way', () => {
    expect(new Set(DEPLOY_TRAVERSALS).size).toBeGreaterThanOrEqual(200);
    expect(new Set(URL_TRAVERSALS).size).toBeGreaterThanOrEqual(200);
  });

  it('refuses every variant at deploy, each named, storing nothing', async () => {
    const before = await storedRows(t);
    // U+0000 never reaches a deploy: the edge refuses any input holding it (docs/security.md), naming
    // that one field; those variants are sent one by one below. The rest go in one deploy.
    const withoutNul = DEPLOY_TRAVERSALS.filter((path) => !path.includes('\u0000'));
    const files = withoutNul.map((path) => ({ path, content: 'x' }));
    const all = await deploy(t, a, 'trav-new', files);
    expect(all.status).toBe(400);
    expect(all.body.error.code).toBe('VALIDATION_ERROR');
    const named = new Set((all.body.error.details as Array<{ field: string }>).map((d) => d.field));
    const unnamed = withoutNul.filter((_, i) => !named.has(`files.${i}.path`));
    expect(unnamed, 'variants not refused').toEqual([]);
    for (const path of DEPLOY_TRAVERSALS) {
      const res = await deploy(t, a, 'trav-site', [
        { path: 'index.html', content: 'replaced?' },
        { path, content: 'x' },
      ]);
      expect(res.status, JSON.stringify(path)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await storedRows(t)).toEqual(before);
    expect((await visit(t, 'trav-site', '/')).body).toBe('trav home');
  });

  // Over a real socket: the request target reaches the service exactly as sent (inject would normalize it).
  it('answers 404 to every variant at serving, with the site 404 page and nothing else', async () => {
    for (const url of URL_TRAVERSALS) {
      const res = await overSocket(port, 'trav-site.sites.localhost', url);
      expect(res.status, url).toBe(404);
      expect(res.body.toString(), url).toBe('trav 404');
    }
  });

  it('answers an absolute-form request target with 404, whatever host it names', async () => {
    for (const url of ['http://other-site.sites.localhost/secret.txt', 'http://b-site.sites.localhost/secret.txt']) {
      const res = await overSocket(port, 'trav-site.sites.localhost', url);
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toMatch(/SECRET/);
    }
  });

  it('still serves the real files', async () => {
    expect((await visit(t, 'trav-site', '/public/a.txt')).body).toBe('public a');
    expect((await visit(t, 'other-site', '/secret.txt')).body).toBe('SECRET OF A');
  });
});
