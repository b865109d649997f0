import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deployed, sitesOf, visit, type Tenant } from '../sites/helpers.js';
import { cliAgainst } from './cli-harness.js';
import { archiveJson, backupBytes } from './backup-fixture.js';

/** 40 KiB of bytes no compression shrinks much: a blob stored with and without its encodings. */
const binary = Buffer.from(Array.from({ length: 40_960 }, (_, i) => (i * 7919 + (i >> 3)) % 251));

/**
 * Static sites in a tenant backup (docs/backup.md "Sites"): definitions, every kept deploy with its
 * files, the live one; restored with their subdomain claims, or under another subdomain when the
 * claim is held by another tenant of the service.
 */
describe('static sites in backup and restore', () => {
  let source: TestApp;
  let target: TestApp;
  let tenant: Tenant;
  let archive: Buffer;
  const [v1, v2] = ['<h1>first deploy</h1>', '<h1>second deploy</h1>'];

  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    tenant = await source.createTenant('Site Owner');
    await deployed(source, tenant, 'shop', [
      { path: 'index.html', content: v1 },
      { path: 'logo.bin', content: binary.toString('base64'), encoding: 'base64' },
    ]);
    await deployed(source, tenant, 'shop', [
      { path: 'index.html', content: v2 },
      { path: 'logo.bin', content: binary.toString('base64'), encoding: 'base64' },
      { path: 'about/index.html', content: '<p>about</p>' },
    ]);
    await deployed(source, tenant, 'guide', [{ path: 'index.html', content: '<p>guide</p>' }]);
    // The live deploy is not the last one: v1 of shop.
    const rolled = await source.post('/api/sites/shop/rollback', { version: 1 }, { apiKey: tenant.apiKey });
    expect(rolled.status).toBe(200);
    const backup = await backupBytes(cliAgainst(source.db), tenant.slug);
    expect(backup.code).toBe(0);
    archive = backup.archive;
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it('holds the sites, their deploys, files and contents, counted in the header', () => {
    const lines = archiveJson(archive);
    expect(lines[0].tables).toMatchObject({ site_blobs: 5, sites: 2, site_versions: 3, site_files: 6 });
    const shop = lines.find((l) => l.table === 'sites' && l.row.subdomain === 'shop');
    expect(shop.row.live_version).toBe(1);
    expect(lines.some((l) => l.table === 'site_hosts')).toBe(false);
  });

  it('restores into a fresh database: the same bytes served, the same live deploy, the history kept', async () => {
    const run = await cliAgainst(target.db)(['restore', '-'], { stdin: archive });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.out);
    expect(result.sites).toEqual(
      expect.arrayContaining([
        { subdomain: 'shop', restoredAs: 'shop' },
        { subdomain: 'guide', restoredAs: 'guide' },
      ]),
    );
    expect((await visit(target, 'shop', '/')).body).toBe(v1);
    const logo = await visit(target, 'shop', '/logo.bin');
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.equals(binary)).toBe(true);
    expect((await visit(target, 'guide', '/')).body).toBe('<p>guide</p>');

    const admin = await target.adminToken();
    const selected = await target.post(`/api/auth/tenants/${tenant.slug}/select`, {}, { token: admin });
    const token = selected.body.data.token as string;
    const listed = (await target.get('/api/sites', { token })).body.data as any[];
    const shop = listed.find((s) => s.subdomain === 'shop');
    expect(shop.liveVersion).toBe(1);
    expect(shop.versions.map((v: any) => [v.version, v.live])).toEqual(
      expect.arrayContaining([
        [1, true],
        [2, false],
      ]),
    );
    // The history is whole: rolling forward serves the second deploy's bytes.
    expect((await target.post('/api/sites/shop/rollback', { version: 2 }, { token })).status).toBe(200);
    expect((await visit(target, 'shop', '/')).body).toBe(v2);
    expect((await visit(target, 'shop', '/about/')).body).toBe('<p>about</p>');
  });

  it("restores beside the original without taking its subdomains: the copy's sites answer elsewhere, reported", async () => {
    const run = await cliAgainst(source.db)(['restore', '-', '--slug', 'site-owner-copy'], { stdin: archive });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.out);
    expect(result.sites).toEqual(
      expect.arrayContaining([
        { subdomain: 'shop', restoredAs: 'shop-restored' },
        { subdomain: 'guide', restoredAs: 'guide-restored' },
      ]),
    );
    expect(run.log).toContain('Site shop restored as shop-restored: shop is held by another tenant of this service');
    // The original still owns and serves its sites; the copy serves the same bytes under the new names.
    expect((await visit(source, 'shop', '/')).body).toBe(v1);
    expect((await sitesOf(source, tenant)).map((s) => s.subdomain).sort()).toEqual(['guide', 'shop']);
    expect((await visit(source, 'shop-restored', '/')).body).toBe(v1);
    expect((await visit(source, 'guide-restored', '/')).body).toBe('<p>guide</p>');
    // A second copy takes the next free name.
    const again = await cliAgainst(source.db)(['restore', '-', '--slug', 'site-owner-copy-2'], { stdin: archive });
    expect(JSON.parse(again.out).sites).toEqual(expect.arrayContaining([{ subdomain: 'shop', restoredAs: 'shop-restored-2' }]));
  });
});
