import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deploy, deployed, sitesOf, visit, type Tenant } from './helpers.js';

describe('deploy_static_site, list_static_sites, delete_static_site over REST', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createTenant('Sites A');
    b = await t.createTenant('Sites B');
  });
  afterAll(async () => {
    await t.close();
  });

  it('deploys, answers the real URL, and serves the files by Host', async () => {
    const res = await deploy(t, a, 'hello-site', [
      { path: 'index.html', content: '<h1>Hello</h1>' },
      { path: 'css/site.css', content: 'body { color: red }' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      subdomain: 'hello-site',
      url: 'http://hello-site.sites.localhost:3001/',
      version: 1,
      fileCount: 2,
    });
    const page = await visit(t, 'hello-site', '/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<h1>Hello</h1>');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const css = await visit(t, 'hello-site', '/css/site.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe('body { color: red }');
  });

  it('lists, redeploys as version 2, deletes', async () => {
    await deployed(t, a, 'two-versions', [{ path: 'index.html', content: 'one' }]);
    const second = await deployed(t, a, 'two-versions', [{ path: 'index.html', content: 'two' }]);
    expect(second.version).toBe(2);
    expect((await visit(t, 'two-versions', '/')).body).toBe('two');
    const listed = (await sitesOf(t, a)).find((s) => s.subdomain === 'two-versions');
    expect(listed).toMatchObject({ liveVersion: 2, fileCount: 1, totalBytes: 3 });
    expect(listed.versions.map((v: any) => [v.version, v.live])).toEqual([
      [2, true],
      [1, false],
    ]);
    const del = await t.delete('/api/sites/two-versions', { apiKey: a.apiKey });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ subdomain: 'two-versions', deleted: true });
    expect((await visit(t, 'two-versions', '/')).statusCode).toBe(404);
  });

  it('refuses another tenant: deploy over → 409, delete → 404', async () => {
    await deployed(t, a, 'taken-site', [{ path: 'index.html', content: 'A' }]);
    const over = await deploy(t, b, 'taken-site', [{ path: 'index.html', content: 'B' }]);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('CONFLICT');
    const del = await t.delete('/api/sites/taken-site', { apiKey: b.apiKey });
    expect(del.status).toBe(404);
    expect((await visit(t, 'taken-site', '/')).body).toBe('A');
  });
});
