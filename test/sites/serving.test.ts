import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployed, visit, type Tenant } from './helpers.js';

describe('serving a static site by Host', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createTenant('Serving');
    await deployed(t, a, 'plain-site', [
      { path: 'index.html', content: '<p>home</p>' },
      { path: 'about.html', content: '<p>about</p>' },
      { path: 'docs/index.html', content: '<p>docs</p>' },
      { path: 'docs/guide/index.html', content: '<p>guide</p>' },
      { path: 'data/info.json', content: '{"a":1}' },
      { path: 'img/dot.png', content: 'iVBORw0KGgo=', encoding: 'base64' },
      { path: 'fonts/x.woff2', content: 'd09GMg==', encoding: 'base64' },
      { path: 'file.unknownext', content: 'raw' },
      { path: 'README', content: 'no extension' },
      { path: 'café/menú.html', content: '<p>menu</p>' },
      { path: '404.html', content: '<h1>Lost</h1>' },
    ]);
    await deployed(t, a, 'bare-site', [{ path: 'index.html', content: 'bare' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  const CONTENT: Array<[string, number, string, string]> = [
    ['/', 200, 'text/html; charset=utf-8', '<p>home</p>'],
    ['/index.html', 200, 'text/html; charset=utf-8', '<p>home</p>'],
    ['/about.html', 200, 'text/html; charset=utf-8', '<p>about</p>'],
    ['/about', 200, 'text/html; charset=utf-8', '<p>about</p>'],
    ['/docs/', 200, 'text/html; charset=utf-8', '<p>docs</p>'],
    ['/docs/guide/', 200, 'text/html; charset=utf-8', '<p>guide</p>'],
    ['/data/info.json', 200, 'application/json; charset=utf-8', '{"a":1}'],
    ['/img/dot.png', 200, 'image/png', '\x89PNG\r\n\x1a\n'],
    ['/fonts/x.woff2', 200, 'font/woff2', 'wOF2'],
    ['/file.unknownext', 200, 'application/octet-stream', 'raw'],
    ['/README', 200, 'application/octet-stream', 'no extension'],
    ['/caf%C3%A9/men%C3%BA.html', 200, 'text/html; charset=utf-8', '<p>menu</p>'],
    ['/about.html?utm=1', 200, 'text/html; charset=utf-8', '<p>about</p>'],
    ['/missing.html', 404, 'text/html; charset=utf-8', '<h1>Lost</h1>'],
    ['/docs/missing/', 404, 'text/html; charset=utf-8', '<h1>Lost</h1>'],
  ];

  it.each(CONTENT)('GET %s → %i %s', async (url, status, type, body) => {
    const res = await visit(t, 'plain-site', url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe(type);
    expect(res.rawPayload.toString('latin1')).toBe(Buffer.from(body, body.startsWith('\x89') ? 'latin1' : 'utf8').toString('latin1'));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('redirects a folder named without its slash, keeping the query', async () => {
    const res = await visit(t, 'plain-site', '/docs?x=1');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/docs/?x=1');
  });

  it('answers a plain 404 on a site without 404.html', async () => {
    const res = await visit(t, 'bare-site', '/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('never serves _redirects or _headers', async () => {
    await deployed(t, a, 'config-site', [
      { path: 'index.html', content: 'x' },
      { path: '_redirects', content: '/old /new 301' },
      { path: '_headers', content: '/*\n  X-Frame-Options: DENY' },
    ]);
    expect((await visit(t, 'config-site', '/_redirects')).statusCode).toBe(404);
    expect((await visit(t, 'config-site', '/_headers')).statusCode).toBe(404);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await visit(t, 'plain-site', '/about.html');
    const head = await visit(t, 'plain-site', '/about.html', { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'x-content-type-options'])
      expect(head.headers[name], name).toBe(get.headers[name]);
  });

  it('refuses other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'OPTIONS'] as const) {
      const res = await visit(t, 'plain-site', '/', { method });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });

  it('answers 404 for a subdomain no tenant holds, and for hosts under the domain that cannot be a site', async () => {
    expect((await visit(t, 'nobody-here', '/')).statusCode).toBe(404);
    for (const host of ['a.b.sites.localhost', 'x.sites.localhost', '-bad-.sites.localhost']) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
      expect(res.statusCode, host).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });

  it('takes the host case-insensitively, with or without a port or trailing dot', async () => {
    for (const host of ['PLAIN-SITE.Sites.Localhost', 'plain-site.sites.localhost.', 'plain-site.sites.localhost:8080']) {
      const res = await t.app.inject({ method: 'GET', url: '/about.html', headers: { host } });
      expect(res.body, host).toBe('<p>about</p>');
    }
  });

  it('answers a site host with the site even on /api paths, and other hosts with the API', async () => {
    const onSite = await visit(t, 'plain-site', '/api/health');
    expect(onSite.statusCode).toBe(404);
    expect(onSite.body).toBe('<h1>Lost</h1>');
    const api = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost:3001' } });
    expect(api.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    const similar = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'plain-site.sites.localhost.evil.com' } });
    expect(similar.json()).toMatchObject({ success: true });
  });

  it('adds no CORS headers to site answers', async () => {
    const res = await visit(t, 'plain-site', '/', { headers: { origin: 'https://elsewhere.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
