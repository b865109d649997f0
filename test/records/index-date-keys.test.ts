import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { entryCounts } from '../entities/indexes.helpers.js';

/**
 * The date key of an index entry (migration 021): epoch milliseconds of the stored value, a
 * date-only value half a millisecond before its midnight — the instant `Date.parse` gives, which
 * is what lists' cursors compare with (docs/entities.md, "Indexes") — computed by an expression
 * the planner inlines, not a function called (and planned) in every statement that writes entries.
 */
describe('index date keys', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<TestApp['createTenant']>>;
  let as: { apiKey: string };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Date Keys');
    as = { apiKey: tenant.apiKey };
    const definition = {
      entity: { name: 'events' },
      fields: [
        { name: 'Title', fieldKey: 'title', fieldType: 'text' },
        { name: 'At', fieldKey: 'at', fieldType: 'datetime' },
        { name: 'Day', fieldKey: 'day', fieldType: 'date' },
      ],
      indexes: [{ fields: ['at'] }, { fields: ['day'] }],
    };
    expect((await t.post('/api/entities', { definition, auto_publish: true, version_message: 'v1' }, as)).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  const keysOf = async (values: string[]) => {
    const rows = await t.db.query<{ k: string | null }>(
      'select tb_index_date_key(v)::text as k from unnest($1::text[]) with ordinality as u(v, o) order by o',
      [values],
    );
    return rows.map((r) => (r.k === null ? null : Number(r.k)));
  };

  it('is the instant Date.parse gives, for every stored form of a date and a date-time', async () => {
    // Stored forms: `YYYY-MM-DD`, and a date-time as toISOString writes it (years 0000–9999).
    const instant = fc.date({ min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
    const stored = fc.oneof(
      instant.map((d) => d.toISOString()),
      instant.filter((d) => d.getUTCFullYear() >= 1000).map((d) => d.toISOString().slice(0, 10)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(stored, { minLength: 1, maxLength: 200 }), async (values) => {
        const want = values.map((v) => (v.length === 10 ? Date.parse(`${v}T00:00:00Z`) - 0.5 : Date.parse(v)));
        expect(await keysOf(values)).toEqual(want);
      }),
      { numRuns: 20 },
    );
    expect(await keysOf(['', 'soon', '2025-1-01', '2025-01-01T10:00:00Z'])).toEqual([null, null, null, null]);
  });

  it('is inlined into the statement that computes it: no function is called per statement', async () => {
    const plan = await t.db.query<{ 'QUERY PLAN': string }>(
      "explain (verbose, costs off) select tb_index_number(d, 'at', 'date') from unnest(array['{}'::jsonb, '{}'::jsonb]) d",
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('make_timestamp');
    expect(text).not.toContain('tb_index_date_key');
  });

  it('orders a date-time of the year 0000 before the year 0001, where the old key refused to save it', async () => {
    for (const at of ['0001-01-01T00:00:00.000Z', '0000-06-01T12:00:00.000Z', '2025-01-01T00:00:00.000Z']) {
      const saved = await t.post('/api/entities/events/records', { title: at, at }, as);
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    }
    const listed = await t.get('/api/entities/events/records?sort=at&order=asc', as);
    expect(listed.status).toBe(200);
    expect(listed.body.data.data.map((r: any) => r.data.at)).toEqual([
      '0000-06-01T12:00:00.000Z',
      '0001-01-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ]);
  });

  it('entries go with their records: one deleted, then the tenant deleted behind the service', async () => {
    expect(await entryCounts(t, tenant.id)).toEqual({ at: 3, day: 3 });
    const listed = await t.get('/api/entities/events/records?sort=at&order=asc', as);
    expect((await t.delete(`/api/entities/events/records/${listed.body.data.data[0].id}`, as)).status).toBe(200);
    expect(await entryCounts(t, tenant.id)).toEqual({ at: 2, day: 2 });

    // An administrator's deletion of the tenant: no tenant in the transaction; entities, records and
    // entries go by their foreign keys' cascades, which row-level security does not hide rows from.
    await t.db.query('delete from tenants where id = $1', [tenant.id]);
    expect(await entryCounts(t, tenant.id)).toEqual({});
  });
});
