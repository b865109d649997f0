import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployed, sitesOf, storedRows, visit, type Tenant } from './helpers.js';

describe('versions: rollback, retention, content addressing', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createTenant('Versions');
  });
  afterAll(async () => {
    await t.close();
  });

  const versionOf = async (subdomain: string) => (await sitesOf(t, a)).find((s) => s.subdomain === subdomain);

  it('rolls back to any kept version at once, and forward again', async () => {
    for (const n of [1, 2, 3]) {
      await deployed(t, a, 'roll-site', [
        { path: 'index.html', content: `v${n}` },
        { path: 'shared.css', content: 'same in all' },
      ]);
    }
    const back = await t.post('/api/sites/roll-site/rollback', { version: 1 }, { apiKey: a.apiKey });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ subdomain: 'roll-site', liveVersion: 1, url: 'http://roll-site.sites.localhost:3001/' });
    expect(back.body.data.versions.map((v: any) => [v.version, v.live])).toEqual([
      [3, false],
      [2, false],
      [1, true],
    ]);
    expect((await visit(t, 'roll-site', '/')).body).toBe('v1');
    expect((await t.post('/api/sites/roll-site/rollback', { version: 3 }, { apiKey: a.apiKey })).status).toBe(200);
    expect((await visit(t, 'roll-site', '/')).body).toBe('v3');
    // Rolling back adds no version; the next deploy is version 4.
    expect((await deployed(t, a, 'roll-site', [{ path: 'index.html', content: 'v4' }])).version).toBe(4);
  });

  it('refuses a version that is not kept, and bad versions, changing nothing', async () => {
    await deployed(t, a, 'roll-bad', [{ path: 'index.html', content: 'only' }]);
    const before = await storedRows(t);
    const cases: Array<[unknown, number, string]> = [
      [9, 404, 'NOT_FOUND'],
      [0, 400, 'VALIDATION_ERROR'],
      [-1, 400, 'VALIDATION_ERROR'],
      [1.5, 400, 'VALIDATION_ERROR'],
      ['two', 400, 'VALIDATION_ERROR'],
      [null, 400, 'VALIDATION_ERROR'],
    ];
    for (const [version, status, code] of cases) {
      const res = await t.post('/api/sites/roll-bad/rollback', { version }, { apiKey: a.apiKey });
      expect(res.status, String(version)).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect((await t.post('/api/sites/roll-nowhere/rollback', { version: 1 }, { apiKey: a.apiKey })).status).toBe(404);
    expect(await storedRows(t)).toEqual(before);
    expect((await versionOf('roll-bad')).liveVersion).toBe(1);
  });

  it('keeps the last 10 versions and drops the contents only older ones used', async () => {
    for (let n = 1; n <= 12; n++) {
      await deployed(t, a, 'many-site', [
        { path: 'index.html', content: `page ${n}` },
        { path: 'logo.svg', content: '<svg>same</svg>' },
      ]);
    }
    const site = await versionOf('many-site');
    expect(site.versions.map((v: any) => v.version)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect((await t.post('/api/sites/many-site/rollback', { version: 2 }, { apiKey: a.apiKey })).status).toBe(404);
    expect((await t.post('/api/sites/many-site/rollback', { version: 3 }, { apiKey: a.apiKey })).status).toBe(200);
    expect((await visit(t, 'many-site', '/')).body).toBe('page 3');
    // 10 pages + the shared logo, stored once.
    const { probe } = await import('../helpers/distribution/exceptions.js');
    const [row] = await probe(() =>
      t.db.query<{ n: number }>(`select count(*)::int as n from site_blobs b where b.tenant_id = $1`, [a.id]),
    );
    const others = (await sitesOf(t, a)).filter((s) => s.subdomain !== 'many-site');
    expect(others.length).toBeGreaterThan(0);
    const withoutMany = await storedRowsOfTenantAfterDeleting(t, a, 'many-site');
    expect(row!.n - withoutMany).toBe(11);
  });

  it('stores a content once however many files and versions carry it', async () => {
    const before = await storedRows(t);
    const res = await deployed(t, a, 'dedup-site', [
      { path: 'a.txt', content: 'twin content' },
      { path: 'b/a.txt', content: 'twin content' },
      { path: 'c.txt', content: 'other' },
    ]);
    expect(res.newFiles).toBe(3);
    const after = await storedRows(t);
    expect(after.blobs - before.blobs).toBe(2);
    expect(after.files - before.files).toBe(3);
    const again = await deployed(t, a, 'dedup-site', [
      { path: 'a.txt', content: 'twin content' },
      { path: 'c.txt', content: 'other' },
    ]);
    expect(again.newFiles).toBe(0);
    expect((await storedRows(t)).blobs).toBe(after.blobs);
  });

  it('deleting a site frees its subdomain and its contents', async () => {
    await deployed(t, a, 'short-lived', [{ path: 'index.html', content: 'unique to short-lived' }]);
    const before = await storedRows(t);
    expect((await t.delete('/api/sites/short-lived', { apiKey: a.apiKey })).status).toBe(200);
    const after = await storedRows(t);
    expect(after).toEqual({
      ...before,
      hosts: before.hosts - 1,
      sites: before.sites - 1,
      versions: before.versions - 1,
      files: before.files - 1,
      blobs: before.blobs - 1,
    });
    expect((await t.delete('/api/sites/short-lived', { apiKey: a.apiKey })).status).toBe(404);
    const other = await t.createTenant('Versions Other');
    expect((await deployed(t, other, 'short-lived', [{ path: 'index.html', content: 'new owner' }])).version).toBe(1);
    expect((await visit(t, 'short-lived', '/')).body).toBe('new owner');
  });
});

/** Blobs of the tenant once `subdomain` is deleted (what the other sites keep). */
async function storedRowsOfTenantAfterDeleting(t: TestApp, tenant: Tenant, subdomain: string): Promise<number> {
  const res = await t.delete(`/api/sites/${subdomain}`, { apiKey: tenant.apiKey });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  const { probe } = await import('../helpers/distribution/exceptions.js');
  const [row] = await probe(() => t.db.query<{ n: number }>('select count(*)::int as n from site_blobs where tenant_id = $1', [tenant.id]));
  return row!.n;
}
