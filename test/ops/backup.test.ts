import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { entryCounts, wrongEntries } from '../entities/indexes.helpers.js';
import { cliAgainst } from './cli-harness.js';
import { PASSWORD, archiveJson, backupBytes, fillTenant } from './backup-fixture.js';

/** Backup and restore over the command line: a round trip into a fresh database, and refusals. */
describe('tenantbase backup / restore', () => {
  let source: TestApp;
  let target: TestApp;
  let fromSource: ReturnType<typeof cliAgainst>;
  let intoTarget: ReturnType<typeof cliAgainst>;
  let tenant: { id: string; slug: string; apiKey: string };
  let archive: Buffer;
  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    fromSource = cliAgainst(source.db);
    intoTarget = cliAgainst(target.db);
    tenant = await fillTenant(source, 'Round Trip');
    const backup = await backupBytes(fromSource, tenant.slug);
    expect(backup.code).toBe(0);
    archive = backup.archive;
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  /** The archive's rows by table, comparable across services (the header's date aside). */
  const rowsOf = (bytes: Buffer) => archiveJson(bytes).filter((l) => 'table' in l);
  const tenantCount = async (t: TestApp) => (await t.db.query<{ n: number }>('select count(*)::int as n from tenants'))[0]!.n;
  /** Rows of every tenant, looked at behind the service. */
  const rowCount = (t: TestApp) =>
    probe(
      async () =>
        (
          await t.db.query<{ n: number }>(
            'select ((select count(*) from entities) + (select count(*) from records) + (select count(*) from tenant_users))::int as n',
          )
        )[0]!.n,
    );

  it('writes a header with every table counted, every row, and a trailer', () => {
    const lines = archiveJson(archive);
    expect(lines[0]).toMatchObject({
      format: 'tenantbase-backup',
      formatVersion: 1,
      tenant: { id: tenant.id, slug: 'round-trip', name: 'Round Trip' },
      tables: { entities: 2, entity_versions: 3, entity_indexes: 1, tenant_users: 2, records: 12, record_unique_values: 7 },
    });
    expect(lines.at(-1)).toEqual({ end: true, rows: 27 });
    expect(JSON.stringify(lines)).not.toContain('tenant_id');
    // Users keep their password hash, never a password; sessions stay behind.
    const owner = lines.find((l) => l.table === 'tenant_users' && l.row.email === 'owner@example.com');
    expect(owner.row.password_hash).toMatch(/^\$2[aby]\$/);
    expect(JSON.stringify(lines)).not.toContain(PASSWORD);
  });

  it('restores into a fresh database: same tenant id, same rows, logins and rules of the data hold', async () => {
    const run = await intoTarget(['restore', '-'], { stdin: archive });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ tenant: { id: tenant.id, slug: 'round-trip' }, keptId: true });
    expect(run.log).toContain('restored records: 12/12');

    // The restored tenant's own backup holds exactly the same rows.
    const again = await backupBytes(intoTarget, 'round-trip');
    expect(rowsOf(again.archive)).toEqual(rowsOf(archive));

    const admin = await target.adminToken();
    const selected = await target.post('/api/auth/tenants/round-trip/select', {}, { token: admin });
    const token = selected.body.data.token as string;
    const list = await target.get('/api/entities/invoices/records?resolve=true&sort=number', { token });
    expect(list.body.data.data.map((r: any) => [r.data.number, r.data.client?.name])).toEqual([
      ['F-0', 'Cliente 0'],
      ['F-1', 'Cliente 1'],
      ['F-2', 'Cliente 2'],
      ['F-3', 'Cliente 3'],
      ['F-4', 'Cliente 4'],
    ]);
    const duplicate = await target.post('/api/entities/clients/records', { name: 'Dup', email: 'c3@example.com' }, { token });
    expect(duplicate.status).toBe(409);
    const changes = await target.get('/api/entities/clients/changes', { token });
    expect(changes.body.data.added.map((f: any) => f.fieldKey)).toEqual(['phone']);
    const login = await target.post('/api/auth/tenant/login', { email: 'owner@example.com', password: PASSWORD }, { tenant: 'round-trip' });
    expect(login.status).toBe(200);
    // The index keys are not in the archive: restoring the records computed them again (the relation's index).
    const records = rowsOf(archive).filter((l: any) => l.table === 'records');
    expect(records.length).toBe(12);
    expect(records.flatMap((l: any) => Object.keys(l.row)).filter((k: string) => /^ix\d/.test(k))).toEqual([]);
    expect(await entryCounts(target, tenant.id)).toEqual({ client: 5 });
    expect(await wrongEntries(target, tenant.id)).toEqual([]);
  });

  it('restores into the same service beside the original under another slug, with a new tenant id', async () => {
    const run = await fromSource(['restore', '-', '--slug', 'round-trip-copy', '--name', 'Copy'], { stdin: archive });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.out);
    expect(result).toMatchObject({ tenant: { slug: 'round-trip-copy', name: 'Copy' }, keptId: false });
    expect(result.tenant.id).not.toBe(tenant.id);
    expect(rowsOf((await backupBytes(fromSource, 'round-trip-copy')).archive)).toEqual(rowsOf(archive));
  });

  it('restores an archive made before index slots: each index takes a slot, its keys computed as the records come', async () => {
    // As a service before migration 024 wrote it: entity_indexes rows without `slot` (nor `id`, before 023).
    const lines = archiveJson(archive).map((l: any) => {
      if (l.table !== 'entity_indexes') return l;
      const { slot: _slot, id: _id, ...row } = l.row;
      return { ...l, row };
    });
    expect(lines.some((l: any) => l.table === 'entity_indexes')).toBe(true);
    const old = gzipSync(lines.map((l) => JSON.stringify(l)).join('\n'));
    const run = await intoTarget(['restore', '-', '--slug', 'before-slots'], { stdin: old });
    expect(run.code, run.log).toBe(0);
    const restored = JSON.parse(run.out).tenant.id as string;
    expect(await entryCounts(target, restored)).toEqual({ client: 5 });
    expect(await wrongEntries(target, restored)).toEqual([]);
  });

  const truncated = () => {
    const lines = archiveJson(archive);
    return gzipSync(
      lines
        .slice(0, -1)
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
  };
  const withHeader = (change: (header: any) => void) => {
    const lines = archiveJson(archive);
    change(lines[0]);
    return gzipSync(lines.map((l) => JSON.stringify(l)).join('\n'));
  };

  it.each([
    ['not gzip', () => Buffer.from('hello'), /not readable gzip/],
    ['empty', () => gzipSync(''), /empty/],
    ['not an archive', () => gzipSync('{"hello":1}\n'), /not a Tenantbase backup archive/],
    ['truncated', truncated, /truncated/],
    ['a newer format', () => withHeader((h) => (h.formatVersion = 99)), /format version 99/],
    ['a table this service does not know', () => withHeader((h) => (h.tables.spaceships = 0)), /"spaceships"/],
    ['a wrong row count', () => withHeader((h) => (h.tables.records = 11)), /announces 11 rows of records/],
  ])('refuses an archive that is %s and writes nothing', async (_case, bytes, message) => {
    const fresh = await createTestApp();
    try {
      const [tenants, rows] = [await tenantCount(fresh), await rowCount(fresh)];
      const run = await cliAgainst(fresh.db)(['restore', '-'], { stdin: bytes() });
      expect(run.code).toBe(1);
      expect(run.log).toMatch(message);
      expect(await tenantCount(fresh)).toBe(tenants);
      expect(await rowCount(fresh)).toBe(rows);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a slug that is taken or malformed, and writes nothing', async () => {
    const [tenants, rows] = [await tenantCount(source), await rowCount(source)];
    const taken = await fromSource(['restore', '-'], { stdin: archive });
    expect(taken.code).toBe(1);
    expect(taken.log).toMatch(/slug already exists/);
    const bad = await fromSource(['restore', '-', '--slug', 'Not A Slug'], { stdin: archive });
    expect(bad.code).toBe(1);
    expect(bad.log).toMatch(/is not a tenant slug/);
    expect(await tenantCount(source)).toBe(tenants);
    expect(await rowCount(source)).toBe(rows);
  });

  it('refuses to back up an unknown tenant', async () => {
    const run = await backupBytes(fromSource, 'nobody-here');
    expect(run.code).toBe(1);
    expect(run.log).toContain('No tenant "nobody-here"');
  });
});
