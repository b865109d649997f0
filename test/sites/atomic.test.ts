import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployed, sha256, visit, type Tenant } from './helpers.js';

const NAMES = ['index.html', 'a.txt', 'b.txt', 'c/d.txt', 'e.css'];
const versionFiles = (v: string) => NAMES.map((path) => ({ path, content: `${v}:${path}:${'x'.repeat(300)}` }));
const urlOf = (path: string) => (path === 'index.html' ? '/' : `/${path}`);

describe('the live switch under concurrent reads', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createTenant('Atomic');
    await deployed(t, a, 'atomic-site', versionFiles('v1'));
  });
  afterAll(async () => {
    await t.close();
  });

  /** Reads every file until `until` settles; each answer must be one whole version of its file. */
  async function readWhile(until: Promise<unknown>, allowed: readonly string[]) {
    let done = false;
    void until.finally(() => (done = true));
    const seen = new Set<string>();
    let reads = 0;
    const reader = async () => {
      while (!done) {
        // Let the deploy's own I/O run between rounds (cached answers need none).
        await new Promise((resolve) => setImmediate(resolve));
        for (const path of NAMES) {
          const res = await visit(t, 'atomic-site', urlOf(path), { headers: { 'accept-encoding': 'identity' } });
          expect(res.statusCode, path).toBe(200);
          const version = res.body.split(':')[0]!;
          expect(allowed, res.body.slice(0, 40)).toContain(version);
          expect(res.body).toBe(versionFiles(version).find((f) => f.path === path)!.content);
          // The validator names what was sent: a reader never gets one version's tag on another's bytes.
          expect(res.headers.etag).toBe(`"${sha256(res.body)}"`);
          seen.add(version);
          reads++;
        }
      }
    };
    await Promise.all([reader(), reader(), reader(), reader(), until]);
    return { seen, reads };
  }

  it('serves the old version or the new one while a deploy runs, and only the new one after', async () => {
    const { reads } = await readWhile(deployed(t, a, 'atomic-site', versionFiles('v2')), ['v1', 'v2']);
    expect(reads).toBeGreaterThan(0);
    for (const path of NAMES) expect((await visit(t, 'atomic-site', urlOf(path))).body.startsWith('v2:')).toBe(true);
  });

  it('does the same for a rollback, and for deploys in a row', async () => {
    const rollback = t.post('/api/sites/atomic-site/rollback', { version: 1 }, { apiKey: a.apiKey });
    await readWhile(rollback, ['v1', 'v2']);
    for (const path of NAMES) expect((await visit(t, 'atomic-site', urlOf(path))).body.startsWith('v1:')).toBe(true);

    const series = (async () => {
      for (const v of ['v3', 'v4', 'v5']) await deployed(t, a, 'atomic-site', versionFiles(v));
    })();
    await readWhile(series, ['v1', 'v3', 'v4', 'v5']);
    for (const path of NAMES) expect((await visit(t, 'atomic-site', urlOf(path))).body.startsWith('v5:')).toBe(true);
  });

  it('a reader of a fresh process view (cache emptied) sees a whole version too', async () => {
    t.services.sites.evict(null);
    const deploy = deployed(t, a, 'atomic-site', versionFiles('v6'));
    await readWhile(deploy, ['v5', 'v6']);
    t.services.sites.evict(null);
    expect((await visit(t, 'atomic-site', '/a.txt')).body.startsWith('v6:')).toBe(true);
  });
});
