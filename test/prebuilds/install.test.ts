import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { install, PREBUILD_NAMES, PREBUILDS, tenantState, type Auth } from './helpers.js';

/** Installing prebuilds over REST: both routes, idempotence, dry runs, refusals that write nothing. */
describe('prebuild install over REST', () => {
  let t: TestApp;
  let n = 0;
  const freshTenant = async (): Promise<Auth> => ({ apiKey: (await t.createTenant(`Prebuild tenant ${++n}`)).apiKey });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/prebuilds lists every prebuild with its entities, rule and sample counts', async () => {
    const res = await t.get('/api/prebuilds', await freshTenant());
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: any) => [p.name, p.entities, p.rules, p.sampleRecords])).toEqual(
      PREBUILD_NAMES.map((name) => [name, PREBUILDS[name].entities, PREBUILDS[name].rules, PREBUILDS[name].samples]),
    );
    for (const p of res.body.data) expect(p).toMatchObject({ title: expect.any(String), description: expect.any(String) });
    expect((await t.get('/api/prebuilds')).status).toBe(401);
  });

  describe.each(PREBUILD_NAMES)('%s', (name) => {
    const { entities, rules, samples } = PREBUILDS[name];

    it('installs without sample data, published, and a second install changes nothing', async () => {
      const as = await freshTenant();
      const first = await install(t, as, { prebuild: name });
      expect(first).toMatchObject({
        prebuild: name,
        dryRun: false,
        created: entities,
        unchanged: [],
        rulesImported: rules,
        rulesIgnored: 0,
        sampleRecords: {},
        notes: [],
      });
      const state = await tenantState(t, as);
      expect(state.model.entities.map((e: any) => [e.name, e.status])).toEqual([...entities].sort().map((e) => [e, 'published']));
      expect(state.model.rules).toHaveLength(rules);
      expect(state.model.rules.every((r: any) => r.status === 'published')).toBe(true);
      expect(Object.values(state.records).flat()).toEqual([]);

      const again = await install(t, as, { prebuild: name });
      expect(again).toMatchObject({ created: [], unchanged: entities, rulesImported: 0, rulesIgnored: rules, sampleRecords: {} });
      expect(await tenantState(t, as)).toEqual(state);
    });

    it('installs with sample data through POST /api/prebuilds/:name/install; twice leaves the records as they are', async () => {
      const as = await freshTenant();
      const res = await t.post(`/api/prebuilds/${name}/install`, { sampleData: true }, as);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ prebuild: name, created: entities, rulesImported: rules, notes: [] });
      const counted = res.body.data.sampleRecords as Record<string, number>;
      expect(Object.keys(counted).sort()).toEqual([...entities].sort());
      expect(Object.values(counted).reduce((a, b) => a + b, 0)).toBe(samples);
      const state = await tenantState(t, as);
      for (const e of entities) expect(state.records[e], e).toHaveLength(counted[e]!);

      const again = await t.post(`/api/prebuilds/${name}/install`, { sampleData: true }, as);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ created: [], unchanged: entities, rulesImported: 0, sampleRecords: {} });
      expect(again.body.data.notes).toEqual([
        `${rules} business rule(s) already existed identically and were left alone`,
        expect.stringMatching(/Sample data skipped: the entities of .* already hold records/),
      ]);
      expect(await tenantState(t, as)).toEqual(state);
    });

    it('dryRun answers what would be created and writes nothing', async () => {
      const as = await freshTenant();
      const before = await tenantState(t, as);
      const dry = await install(t, as, { prebuild: name, sampleData: true, dryRun: true });
      expect(dry).toMatchObject({ prebuild: name, dryRun: true, created: entities, rulesImported: rules });
      expect(dry.message).toMatch(/^Would install/);
      expect(Object.values(dry.sampleRecords as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(samples);
      expect(await tenantState(t, as)).toEqual(before);
      // The real install answers the same, and works in the same tenant after the dry run.
      const real = await install(t, as, { prebuild: name, sampleData: true });
      expect({ ...real, message: '', dryRun: true }).toEqual({ ...dry, message: '' });
      const installed = await tenantState(t, as);
      const dryAgain = await install(t, as, { prebuild: name, sampleData: true, dryRun: true });
      expect(dryAgain).toMatchObject({ created: [], rulesImported: 0, sampleRecords: {} });
      expect(await tenantState(t, as)).toEqual(installed);
    });
  });

  it('an unknown prebuild is a VALIDATION_ERROR listing the known ones, on both routes; nothing written', async () => {
    const as = await freshTenant();
    for (const res of [
      await t.post('/api/metadata/import', { prebuild: 'panaderia' }, as),
      await t.post('/api/prebuilds/panaderia/install', { sampleData: true }, as),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(res.body.error.message).toBe('Unknown prebuild "panaderia"; the prebuilds are: freelancer, taller, tienda');
    }
    expect((await tenantState(t, as)).model.entities).toEqual([]);
  });

  it('refuses an entity that clashes with an existing different one, naming it, and writes nothing', async () => {
    const as = await freshTenant();
    const created = await t.post(
      '/api/entities',
      {
        definition: { entity: { name: 'clientes' }, fields: [{ name: 'Nombre', fieldKey: 'nombre', fieldType: 'text' }] },
        auto_publish: true,
        version_message: 'v1',
      },
      as,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await t.post('/api/entities/clientes/records', { nombre: 'Ya estaba' }, as);
    const before = await tenantState(t, as);
    const res = await t.post('/api/metadata/import', { prebuild: 'tienda', sampleData: true }, as);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toMatch(
      /^Prebuild tienda: Import refused, nothing was written: 1 entity conflicts with existing ones \(clientes\)/,
    );
    expect(res.body.error.details).toEqual([expect.objectContaining({ entity: 'clientes' })]);
    expect(await tenantState(t, as)).toEqual(before);
    // The same with a dry run.
    expect((await t.post('/api/prebuilds/tienda/install', { dryRun: true }, as)).body.error.code).toBe('CONFLICT');
    expect(await tenantState(t, as)).toEqual(before);
  });

  it('refuses malformed install requests with the envelope and writes nothing', async () => {
    const as = await freshTenant();
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/metadata/import', { prebuild: 'tienda', metadata: { entities: [] } }, /metadata or prebuild, not both/],
      ['/api/metadata/import', { metadata: { entities: [] }, sampleData: true }, /sampleData goes with a prebuild/],
      ['/api/metadata/import', { prebuild: 'tienda', sampleData: 'yes' }, /sampleData/],
      ['/api/metadata/import', { prebuild: 42 }, /prebuild/],
      ['/api/prebuilds/tienda/install', { dryRun: 'maybe' }, /dryRun/],
    ];
    for (const [path, body, pattern] of cases) {
      const res = await t.post(path, body, as);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(pattern) } });
    }
    expect((await tenantState(t, as)).model.entities).toEqual([]);
  });

  it('needs schema.write: a viewer is refused and nothing is written; another tenant is untouched', async () => {
    const owner = await t.createTenant('Prebuild roles');
    const as = { apiKey: owner.apiKey };
    const user = await t.post(
      '/api/auth/tenant/users',
      { email: 'viewer@example.com', name: 'Vera', password: 'viewer-pass-1', role: 'viewer' },
      as,
    );
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const login = await t.post(
      '/api/auth/tenant/login',
      { email: 'viewer@example.com', password: 'viewer-pass-1' },
      { headers: { 'x-tenant-id': owner.slug } },
    );
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const res = await t.post('/api/prebuilds/freelancer/install', {}, { token: login.body.data.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await tenantState(t, as)).model.entities).toEqual([]);

    const other = await freshTenant();
    const before = await tenantState(t, other);
    await install(t, as, { prebuild: 'freelancer', sampleData: true });
    expect(await tenantState(t, other)).toEqual(before);
  });
});
