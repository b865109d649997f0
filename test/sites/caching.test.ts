import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployed, sha256, visit, type Tenant } from './helpers.js';

const SCRIPT = `export function greet(name) {\n  return 'Hello, ' + name + '!';\n}\n`.repeat(40);
const STYLE = `.button { color: #123456; padding: 4px 8px; }\n`.repeat(40);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

describe('ETag, Cache-Control and compression of site files', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createTenant('Caching');
    await deployed(t, a, 'cache-site', [
      { path: 'index.html', content: `<html>${'<p>text</p>'.repeat(50)}</html>` },
      { path: 'assets/app.3f9a1c2e.js', content: SCRIPT },
      { path: 'assets/index-BxH3kq9Z.css', content: STYLE },
      { path: 'assets/plain.js', content: SCRIPT },
      { path: 'img/dot.png', content: PNG.toString('base64'), encoding: 'base64' },
      { path: 'tiny.txt', content: 'tiny' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a strong ETag of the content hash and 304 on If-None-Match', async () => {
    const first = await visit(t, 'cache-site', '/img/dot.png');
    expect(first.headers.etag).toBe(`"${sha256(PNG)}"`);
    for (const tag of [
      first.headers.etag as string,
      `W/${first.headers.etag as string}`,
      `"other", ${first.headers.etag as string}`,
      '*',
    ]) {
      const again = await visit(t, 'cache-site', '/img/dot.png', { headers: { 'if-none-match': tag } });
      expect(again.statusCode, tag).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    }
    const stale = await visit(t, 'cache-site', '/img/dot.png', { headers: { 'if-none-match': `"${'0'.repeat(64)}"` } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(PNG)).toBe(true);
  });

  it('changes the ETag when a deploy changes the content, and keeps it when it does not', async () => {
    await deployed(t, a, 'etag-site', [
      { path: 'a.txt', content: 'same' },
      { path: 'b.txt', content: 'before' },
    ]);
    const a1 = (await visit(t, 'etag-site', '/a.txt')).headers.etag;
    const b1 = (await visit(t, 'etag-site', '/b.txt')).headers.etag;
    await deployed(t, a, 'etag-site', [
      { path: 'a.txt', content: 'same' },
      { path: 'b.txt', content: 'after' },
    ]);
    expect((await visit(t, 'etag-site', '/a.txt', { headers: { 'if-none-match': a1 as string } })).statusCode).toBe(304);
    const b2 = await visit(t, 'etag-site', '/b.txt', { headers: { 'if-none-match': b1 as string } });
    expect(b2.statusCode).toBe(200);
    expect(b2.body).toBe('after');
  });

  const POLICIES: Array<[string, string]> = [
    ['/', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/assets/app.3f9a1c2e.js', 'public, max-age=31536000, immutable'],
    ['/assets/index-BxH3kq9Z.css', 'public, max-age=31536000, immutable'],
    ['/assets/plain.js', 'no-cache'],
    ['/img/dot.png', 'no-cache'],
  ];
  it.each(POLICIES)('Cache-Control of %s is %s', async (url, policy) => {
    expect((await visit(t, 'cache-site', url)).headers['cache-control']).toBe(policy);
  });

  it('serves brotli, gzip or identity as Accept-Encoding asks, with Vary', async () => {
    const url = '/assets/app.3f9a1c2e.js';
    const cases: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
    ];
    const etags = new Set<string>();
    for (const [accept, expected] of cases) {
      const res = await visit(t, 'cache-site', url, { headers: accept ? { 'accept-encoding': accept } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      const body =
        expected === 'br' ? brotliDecompressSync(res.rawPayload) : expected === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
      expect(body.toString()).toBe(SCRIPT);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      if (expected) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
      etags.add(res.headers.etag as string);
    }
    // One tag per representation, each the content hash (an encoding suffixed).
    expect([...etags].sort()).toEqual([`"${sha256(SCRIPT)}"`, `"${sha256(SCRIPT)}-br"`, `"${sha256(SCRIPT)}-gz"`].sort());
    // Any of them revalidates.
    for (const tag of etags) {
      const res = await visit(t, 'cache-site', url, { headers: { 'accept-encoding': 'br', 'if-none-match': tag } });
      expect(res.statusCode).toBe(304);
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('does not compress images or tiny files, and sends no Vary for them', async () => {
    for (const url of ['/img/dot.png', '/tiny.txt']) {
      const res = await visit(t, 'cache-site', url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers.vary, url).toBeUndefined();
    }
  });

  it('answers HEAD of an encoded file with the encoded length and no body', async () => {
    const get = await visit(t, 'cache-site', '/assets/plain.js', { headers: { 'accept-encoding': 'br' } });
    const head = await visit(t, 'cache-site', '/assets/plain.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('br');
  });
});
