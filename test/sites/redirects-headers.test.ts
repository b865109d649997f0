import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployed, visit, type Tenant } from './helpers.js';

const REDIRECTS = `
# Netlify-style rules; the first match wins, and never over a file that exists.
/old-page        /new-page
/temp            /elsewhere          302
/blog/*          /posts/:splat       301
/news/:year/:id  /archive/:year-:id  302
/external        https://example.com/landing 301
/with-query      /target?from=rule   302
/exists.html     /never              301
/docs/*          /manual/index.html  200
/app/*           /index.html         200
/gone/*          /no-such-file       200
/*               /index.html         200
`;

const HEADERS = `
/*
  X-Frame-Options: DENY
  X-Custom: all
/assets/*
  Cache-Control: public, max-age=600
  X-Custom: assets
/raw.txt
  X-Content-Type-Options: none
  Content-Type: text/markdown; charset=utf-8
`;

describe('_redirects and _headers', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createTenant('Rules');
    await deployed(t, a, 'spa-site', [
      { path: 'index.html', content: '<div id="app"></div>' },
      { path: 'exists.html', content: 'I exist' },
      { path: 'new-page.html', content: 'new page' },
      { path: 'manual/index.html', content: 'manual' },
      { path: 'assets/app.js', content: 'console.log(1)' },
      { path: 'raw.txt', content: '# raw' },
      { path: '404.html', content: 'never used: the last rule catches all' },
      { path: '_redirects', content: REDIRECTS },
      { path: '_headers', content: HEADERS },
    ]);
    await deployed(t, a, 'no-rules', [
      { path: 'index.html', content: '<div id="app"></div>' },
      { path: '404.html', content: 'real 404' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const REDIRECTED: Array<[string, number, string]> = [
    ['/old-page', 301, '/new-page'],
    ['/old-page/', 301, '/new-page'],
    ['/old-page?x=1&y=2', 301, '/new-page?x=1&y=2'],
    ['/temp', 302, '/elsewhere'],
    ['/blog/2024/hello', 301, '/posts/2024/hello'],
    ['/blog/caf%C3%A9', 301, '/posts/caf%C3%A9'],
    ['/news/2023/42', 302, '/archive/2023-42'],
    ['/external', 301, 'https://example.com/landing'],
    ['/with-query?mine=1', 302, '/target?from=rule'],
  ];
  it.each(REDIRECTED)('%s → %i %s', async (url, status, location) => {
    const res = await visit(t, 'spa-site', url);
    expect(res.statusCode).toBe(status);
    expect(res.headers.location).toBe(location);
  });

  it('never shadows a file that exists, even when a rule names it', async () => {
    const res = await visit(t, 'spa-site', '/exists.html');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('I exist');
    expect((await visit(t, 'spa-site', '/assets/app.js')).body).toBe('console.log(1)');
  });

  it('rewrites with 200: the SPA fallback answers client-side routes with index.html', async () => {
    for (const url of ['/app/settings', '/dashboard/users/7', '/some/deep/route?tab=2']) {
      const res = await visit(t, 'spa-site', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('<div id="app"></div>');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect((await visit(t, 'spa-site', '/docs/anything')).body).toBe('manual');
  });

  it('answers 404 when a rewrite names a missing file (the first matching rule wins, no chaining)', async () => {
    const res = await visit(t, 'spa-site', '/gone/x');
    expect(res.statusCode).toBe(404);
  });

  it('without the SPA rule a client-side route is a real 404 with the site 404 page', async () => {
    const res = await visit(t, 'no-rules', '/app/settings');
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('real 404');
    expect(res.headers.etag).toBeUndefined();
  });

  it('applies every matching _headers block, joining repeated names, over the defaults', async () => {
    const page = await visit(t, 'spa-site', '/');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-custom']).toBe('all');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await visit(t, 'spa-site', '/assets/app.js');
    expect(asset.headers['x-custom']).toBe('all, assets');
    expect(asset.headers['cache-control']).toBe('public, max-age=600');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const raw = await visit(t, 'spa-site', '/raw.txt');
    expect(raw.headers['x-content-type-options']).toBe('none');
    expect(raw.headers['content-type']).toBe('text/markdown; charset=utf-8');
    // On a 304 too.
    const again = await visit(t, 'spa-site', '/assets/app.js', { headers: { 'if-none-match': asset.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-custom']).toBe('all, assets');
  });

  it('applies _headers by the requested path to rewritten answers', async () => {
    const res = await visit(t, 'spa-site', '/app/x');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('takes the new rules with a new deploy', async () => {
    await deployed(t, a, 'rules-change', [
      { path: 'index.html', content: 'home' },
      { path: '_redirects', content: '/go /one 302' },
    ]);
    expect((await visit(t, 'rules-change', '/go')).headers.location).toBe('/one');
    await deployed(t, a, 'rules-change', [
      { path: 'index.html', content: 'home' },
      { path: '_redirects', content: '/go /two 302' },
    ]);
    expect((await visit(t, 'rules-change', '/go')).headers.location).toBe('/two');
  });
});
