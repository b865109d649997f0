import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// A stand-in build (the real one is made by scripts/build-console.mjs): the handler's behaviour does
// not depend on what the app contains, and npm test must not need a console build.
const dir = mkdtempSync(join(tmpdir(), 'tb-console-'));
const INDEX = '<!doctype html><title>console</title><script type="module" src="/console/assets/index-Ab12Cd34.js"></script>';
const SCRIPT = 'console.log("the console");'.repeat(50);
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), INDEX);
writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));

let t: TestApp;
let unbuilt: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONSOLE_DIR: dir });
  unbuilt = await createTestApp({ CONSOLE_DIR: join(dir, 'missing') });
});
afterAll(async () => {
  await t.close();
  await unbuilt.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the admin console at /console', () => {
  it('redirects /console to /console/', async () => {
    const res = await t.get('/console');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it.each(['/console/', '/console/entities/orders', '/console/records/orders?page=2'])(
    'answers index.html for the app route %s, revalidated every time',
    async (path) => {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
      expect(res.body).toBe(INDEX);
    },
  );

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.get('/console/assets/index-Ab12Cd34.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(SCRIPT);
  });

  it('serves the precompressed asset to a browser that accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
  });

  it('serves top-level files of the build, revalidated', async () => {
    const res = await t.get('/console/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 in the error envelope, never index.html', async () => {
    const res = await t.get('/console/assets/index-00000000.js');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it.each(['/console/assets/..%2f..%2fpackage.json', '/console/assets/%2e%2e/%2e%2e/package.json'])(
    'never serves a file outside the build: %s',
    async (path) => {
      const res = await t.get(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(res.body)).not.toContain('"devDependencies"');
    },
  );

  it('leaves the API as it was', async () => {
    const res = await t.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ok');
  });

  it('says how to build the console when it has not been built', async () => {
    const res = await unbuilt.get('/console/');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('npm run build');
  });
});
