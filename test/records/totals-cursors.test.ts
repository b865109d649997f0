import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { planList } from '../../src/domain/records/record-list.js';
import { loadEntity } from '../../src/domain/records/record.service.js';
import { AppError } from '../../src/errors.js';
import { createLogger } from '../../src/logging.js';
import { executeOperation } from '../../src/operations/core/execute.js';
import { findOperation } from '../../src/operations/index.js';
import { TEST_DATABASE } from '../helpers/database.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

/** The list's bounded totals (count=, totalExact) and cursor pagination (after=, nextCursor); docs/records.md. */
describe('record list: totals and cursors', () => {
  let f: RecordsFixture;
  const list = (query: string, entity = 'customers') => f.t.get(`${f.base(entity)}?${query}`, f.as);
  const ids = (res: { body: any }) => res.body.data.data.map((r: { id: string }) => r.id);
  // 24 customers: ties and empty values in every sortable kind.
  const rows = Array.from({ length: 24 }, (_, i) => ({
    full_name: `N${i % 7}`,
    visits: i,
    ...(i % 5 === 0 ? {} : { score: (i % 4) * 1.5 }),
    ...(i % 6 === 0 ? {} : { born: `2020-0${1 + (i % 3)}-1${i % 4}` }),
    ...(i % 3 === 0 ? {} : { active: i % 2 === 0 }),
    ...(i % 8 === 0 ? {} : { notes: i % 2 ? 'Ünïcode' : 'plain' }),
    tier: i % 4 === 0 ? 'silver' : 'gold',
  }));

  beforeAll(async () => {
    // Filtered totals are exact up to 3 matches here (LIST_EXACT_COUNT_THRESHOLD), estimated beyond.
    f = await createRecordsFixture({ LIST_EXACT_COUNT_THRESHOLD: '3' });
    for (const r of rows) expect((await f.t.post(f.base('customers'), r, f.as)).status).toBe(201);
  });
  afterAll(async () => {
    await f.t.close();
  });

  describe('count=', () => {
    it('answers unfiltered totals exactly in every mode but none, above the threshold too', async () => {
      for (const mode of ['', '&count=estimated', '&count=exact']) {
        const res = await list(`limit=5${mode}`);
        expect(res.body.data).toMatchObject({ total: 24, totalExact: true, page: 1, limit: 5, totalPages: 5 });
      }
    });

    it('counts filtered totals exactly up to the threshold, then estimates them with totalExact false', async () => {
      const at = await list('filter.visits.lt=3');
      expect(at.body.data).toMatchObject({ total: 3, totalExact: true, totalPages: 1, nextCursor: null });
      const above = await list('filter.visits.lt=4&limit=2');
      expect(above.status).toBe(200);
      expect(above.body.data.totalExact).toBe(false);
      expect(above.body.data.total).toBeGreaterThanOrEqual(4);
      expect(above.body.data.totalPages).toBe(Math.ceil(above.body.data.total / 2));
      const below = await list('filter.visits.lt=2');
      expect(below.body.data).toMatchObject({ total: 2, totalExact: true, totalPages: 1 });
      const none = await list('filter.visits.lt=0');
      expect(none.body.data).toMatchObject({ data: [], total: 0, totalExact: true, totalPages: 0, nextCursor: null });
    });

    it("keeps a total's planner estimate ten seconds, answering it without counting, then counts again", async () => {
      await seedPublishedEntity(f.t, f.tenant.id, 'tickets', [{ fieldKey: 'level', fieldType: 'integer' }]);
      const estimated = async () => {
        const res = await list('filter.level.lt=5&limit=1', 'tickets');
        expect(res.body.data.totalExact).toBe(false);
        return res.body.data.total as number;
      };
      const analyze = () => f.t.db.query('analyze records');
      for (let i = 0; i < 5; i++) expect((await f.t.post(f.base('tickets'), { level: i }, f.as)).status).toBe(201);
      await analyze();
      const first = await estimated();
      // Many more matches, and statistics that say so: the planner's estimate is now far larger.
      await f.t.db.query(
        `insert into records (tenant_id, entity_id, name, data)
         select e.tenant_id, e.id, 'bulk', jsonb_build_object('level', 1) from entities e, generate_series(1, 400)
          where e.tenant_id = $1 and e.name = 'tickets'`,
        [f.tenant.id],
      );
      await analyze();
      f.t.clock.advance(9_000);
      expect(await estimated()).toBe(first);
      f.t.clock.advance(1_001);
      const second = await estimated();
      expect(second).toBeGreaterThan(first + 100);
      // Within the estimate's ten seconds, the same filters answer it on any page, without counting:
      // even once the matches fell below the threshold. Then they are counted exactly again.
      await f.t.db.query(
        `delete from records where tenant_id = $1 and (name = 'bulk' or (data ->> 'level')::int >= 3)
            and entity_id = (select id from entities where tenant_id = $1 and name = 'tickets')`,
        [f.tenant.id],
      );
      const paged = await list('filter.level.lt=5&limit=2&page=2&sort=level', 'tickets');
      expect(paged.body.data).toMatchObject({ total: second, totalExact: false, totalPages: Math.ceil(second / 2) });
      expect(paged.body.data.data.map((r: { data: { level: number } }) => r.data.level)).toEqual([2]);
      f.t.clock.advance(10_001);
      const exact = await list('filter.level.lt=5&limit=1', 'tickets');
      expect(exact.body.data).toMatchObject({ total: 3, totalExact: true });
    });

    it('count=exact counts every match; a page past the end keeps the total', async () => {
      const res = await list('filter.tier=gold&count=exact&limit=5');
      expect(res.body.data).toMatchObject({ total: 18, totalExact: true, totalPages: 4 });
      const past = await list('filter.tier=gold&count=exact&limit=5&page=9');
      expect(past.body.data).toMatchObject({ data: [], total: 18, totalExact: true, page: 9, totalPages: 4, nextCursor: null });
    });

    it('count=none counts nothing: total is the rows up to this page, plus one while more follow', async () => {
      const p1 = await list('count=none&limit=5');
      expect(p1.body.data).toMatchObject({ total: 6, totalExact: false, page: 1, totalPages: 2 });
      const p5 = await list('count=none&limit=5&page=5');
      expect(p5.body.data).toMatchObject({ total: 24, totalExact: false, page: 5, totalPages: 5, nextCursor: null });
      const filtered = await list('count=none&filter.tier=silver&limit=10');
      expect(filtered.body.data).toMatchObject({ total: 6, totalExact: false, totalPages: 1, nextCursor: null });
    });

    it('refuses an unknown count mode with a 400 naming count', async () => {
      const res = await list('count=all');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(res.body.error.message).toContain('count');
    });
  });

  describe('after= cursors', () => {
    const SORTS = ['createdAt', 'updatedAt', 'id', 'full_name', 'visits', 'score', 'born', 'active', 'notes', 'tier'];
    const FILTERS = ['', '&filter.tier=gold', '&search=unicode', '&filter.score.gte=1.5'];

    /** Every page of a list by cursor, as ids, checking each answer's page and totals on the way. */
    const walk = async (query: string, limit: number) => {
      const seen: string[] = [];
      let after: string | null = null;
      for (let page = 1; page < 100; page++) {
        const res = await list(`${query}&limit=${limit}${after ? `&after=${after}` : ''}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.page).toBe(page);
        expect(res.body.data.totalPages).toBe(Math.ceil(res.body.data.total / limit));
        seen.push(...ids(res));
        after = res.body.data.nextCursor;
        if (after === null) return seen;
      }
      throw new Error(`the walk of ${query} did not end: ${seen.length} rows seen`);
    };

    it('walks every sort kind, both orders, to the full ordered listing (ties and empty values included)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...SORTS),
          fc.constantFrom('asc', 'desc'),
          fc.integer({ min: 1, max: 7 }),
          fc.constantFrom(...FILTERS),
          async (sort, order, limit, filter) => {
            const query = `sort=${sort}&order=${order}${filter}&count=exact`;
            const full = ids(await list(`${query}&limit=100`));
            expect(await walk(query, limit)).toEqual(full);
          },
        ),
        { numRuns: 40, seed: 22 },
      );
    });

    it('walks each sort once in each order with pages of 5', async () => {
      for (const sort of SORTS) {
        for (const order of ['asc', 'desc']) {
          const query = `sort=${sort}&order=${order}`;
          expect(await walk(query, 5)).toEqual(ids(await list(`${query}&limit=100`)));
        }
      }
    });

    it('answers nextCursor on page answers too, continuing where the page ends', async () => {
      const p2 = await list('sort=score&limit=4&page=2');
      const next = await list(`sort=score&limit=4&after=${p2.body.data.nextCursor}`);
      expect(next.body.data.page).toBe(3);
      expect(ids(next)).toEqual(ids(await list('sort=score&limit=4&page=3')));
    });

    it('refuses bad cursors and page with after with a 400 naming after, never a 500', async () => {
      const first = await list('sort=score&limit=3');
      const cursor: string = first.body.data.nextCursor;
      const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      const forge = (patch: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...body, ...patch })).toString('base64url');
      const cases: Array<[string, string]> = [
        ['garbage', 'after=not*a*cursor'],
        ['not JSON', `after=${Buffer.from('hello').toString('base64url')}`],
        ['an empty object', `after=${Buffer.from('{}').toString('base64url')}`],
        ['another sort', `sort=visits&after=${cursor}`],
        ['another order', `sort=score&order=desc&after=${cursor}`],
        ['other filters', `sort=score&filter.tier=gold&after=${cursor}`],
        ['another search', `sort=score&search=x&after=${cursor}`],
        ['a non-numeric value for a number sort', `sort=score&after=${forge({ k: '1; drop table records' })}`],
        ['a bad id', `sort=score&after=${forge({ i: 'nope' })}`],
        ['a negative offset', `sort=score&after=${forge({ n: -1 })}`],
        ['an unknown version', `sort=score&after=${forge({ v: 2 })}`],
        ['page and after', `sort=score&page=2&after=${cursor}`],
        ['an empty after', 'after='],
        ['a huge after', `after=${'a'.repeat(5000)}`],
      ];
      for (const [name, query] of cases) {
        const res = await list(query);
        expect(res.status, name).toBe(400);
        expect(res.body, name).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
        expect(res.body.error.message, name).toContain('after');
      }
      const ts = (await list('limit=2')).body.data.nextCursor as string;
      const tsBody = JSON.parse(Buffer.from(ts, 'base64url').toString('utf8'));
      for (const k of ['2026-01-01', '1e5', null]) {
        const forged = Buffer.from(JSON.stringify({ ...tsBody, k })).toString('base64url');
        const res = await list(`after=${forged}`);
        expect(res.status, String(k)).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
      }
    });

    it('is what query_records (MCP) takes and answers too', async () => {
      const ctx = {
        db: f.t.db,
        config: f.t.config,
        services: f.t.services,
        principal: { kind: 'tenant_key' as const, keyId: 'k', adminId: 'a', tenantId: f.tenant.id },
        tenant: { id: f.tenant.id, slug: f.tenant.slug, name: 'Records Co' },
        clientAddress: '127.0.0.1',
        log: createLogger('silent'),
      };
      const call = (args: unknown) => executeOperation(findOperation('query_records')!, ctx, args).then((r) => r.data as any);
      const first = await call({ entityName: 'customers', orderBy: 'visits', limit: 10, count: 'exact', filter: 'tier = gold' });
      expect(first).toMatchObject({ total: 18, totalExact: true, page: 1, totalPages: 2 });
      const second = await call({ entityName: 'customers', orderBy: 'visits', limit: 10, filter: 'tier = gold', after: first.nextCursor });
      expect(second).toMatchObject({ page: 2, nextCursor: null });
      expect(second.data.map((r: any) => r.data.visits)).toEqual([14, 15, 17, 18, 19, 21, 22, 23]);
      const estimated = await call({ entityName: 'customers', filter: 'tier = gold' });
      expect(estimated.totalExact).toBe(false);
      const both = await executeOperation(findOperation('query_records')!, ctx, {
        entityName: 'customers',
        page: 2,
        after: first.nextCursor,
      }).catch((e: unknown) => e);
      expect(both).toBeInstanceOf(AppError);
      expect((both as AppError).code).toBe('VALIDATION_ERROR');
    });
  });

  describe.runIf(TEST_DATABASE === 'postgres')('plans (PostgreSQL)', () => {
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
    const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    const explain = (query: Record<string, unknown>) =>
      withTenant(f.t.db, f.tenant.id, { readOnly: true }, async (tx) => {
        const entity = await loadEntity(tx, f.t.services.entities, 'customers');
        const plan = planList(f.tenant.id, entity, { page: 1, limit: 20, order: 'asc', filters: [], ...query }, 3);
        const [row] = await tx.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) ${plan.text}`, plan.params);
        return nodes(row!['QUERY PLAN'][0]!.Plan);
      });

    it('counts an unfiltered list from the counters, never aggregating the entity', async () => {
      const all = await explain({});
      const aggregates = all.filter((n) => n['Node Type'] === 'Aggregate');
      expect(aggregates.length).toBeGreaterThan(0);
      for (const a of aggregates) {
        expect(
          nodes(a)
            .map((n) => n['Relation Name'])
            .filter(Boolean),
        ).toEqual(['record_counts']);
      }
    });

    it('bounds a filtered count by a limit under the aggregate', async () => {
      const all = await explain({ filters: [{ field: 'tier', op: 'eq', value: 'gold' }] });
      const aggregate = all.find((n) => n['Node Type'] === 'Aggregate')!;
      expect(nodes(aggregate).map((n) => n['Node Type'])).toContain('Limit');
    });
  });
});
