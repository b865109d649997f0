import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

describe('record list: paging, typed sorting, filters', () => {
  let f: RecordsFixture;
  const names = (res: { body: any }) => res.body.data.data.map((r: { name: string }) => r.name);
  const list = (query: string) => f.t.get(`${f.base('customers')}?${query}`, f.as);

  beforeAll(async () => {
    f = await createRecordsFixture();
    const rows = [
      { full_name: 'Nine', score: 9, born: '1990-05-01', tier: 'gold', active: true, email: 'nine@x.io' },
      { full_name: 'Ten', score: 10, born: '1985-01-20', tier: 'silver', active: false },
      { full_name: 'Hundred', score: 100, born: '2001-11-30', tier: 'gold', notes: 'likes 50% off' },
      { full_name: 'Blank' },
      { full_name: 'Minus', score: -3.5, born: '1990-05-02T08:00:00Z', tier: 'silver', active: true },
    ];
    for (const r of rows) expect((await f.t.post(f.base('customers'), r, f.as)).status).toBe(201);
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('answers the list envelope with defaults page 1, limit 20, createdAt ascending', async () => {
    const res = await f.t.get(f.base('customers'), f.as);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 5, page: 1, limit: 20, totalPages: 1 });
    expect(names(res)).toEqual(['Nine', 'Ten', 'Hundred', 'Blank', 'Minus']);
  });

  it('pages with page/limit; totalPages = ceil(total/limit); beyond the end is empty', async () => {
    const p2 = await list('page=2&limit=2');
    expect(p2.body.data).toMatchObject({ total: 5, page: 2, limit: 2, totalPages: 3 });
    expect(names(p2)).toEqual(['Hundred', 'Blank']);
    const p9 = await list('page=9&limit=2');
    expect(p9.body.data).toMatchObject({ data: [], total: 5, page: 9, totalPages: 3 });
  });

  it('pages filtered lists the same way, the total counting matches only, also past the end', async () => {
    // tier in (gold, silver): Nine, Ten, Hundred, Minus; sorted by score: Minus, Nine, Ten, Hundred.
    const q = 'filter.tier.in=gold,silver&sort=score';
    const p1 = await list(`${q}&page=1&limit=3`);
    expect(p1.body.data).toMatchObject({ total: 4, page: 1, limit: 3, totalPages: 2 });
    expect(names(p1)).toEqual(['Minus', 'Nine', 'Ten']);
    const p2 = await list(`${q}&page=2&limit=3`);
    expect(p2.body.data).toMatchObject({ total: 4, page: 2, totalPages: 2 });
    expect(names(p2)).toEqual(['Hundred']);
    const p5 = await list(`${q}&page=5&limit=3`);
    expect(p5.body.data).toMatchObject({ data: [], total: 4, page: 5, totalPages: 2 });
    const none = await list('filter.score=12345');
    expect(none.body.data).toMatchObject({ data: [], total: 0, page: 1, totalPages: 0 });
  });

  it('clamps limit 150 to 100 and says so', async () => {
    const res = await list('limit=150');
    expect(res.status).toBe(200);
    expect(res.body.data.limit).toBe(100);
  });

  it('sorts numbers numerically (9 before 10), empty values last in both orders', async () => {
    expect(names(await list('sort=score'))).toEqual(['Minus', 'Nine', 'Ten', 'Hundred', 'Blank']);
    expect(names(await list('sort=score&order=desc'))).toEqual(['Hundred', 'Ten', 'Nine', 'Minus', 'Blank']);
  });

  it('sorts dates chronologically, text by collation, and by system fields', async () => {
    expect(names(await list('sort=born'))).toEqual(['Ten', 'Nine', 'Minus', 'Hundred', 'Blank']);
    expect(names(await list('sort=full_name'))).toEqual(['Blank', 'Hundred', 'Minus', 'Nine', 'Ten']);
    expect(names(await list('sort=full_name&order=desc'))).toEqual(['Ten', 'Nine', 'Minus', 'Hundred', 'Blank']);
    expect(names(await list('sort=createdAt&order=desc'))).toEqual(['Minus', 'Blank', 'Hundred', 'Ten', 'Nine']);
    const byId = (await list('sort=id')).body.data.data.map((r: { id: string }) => r.id);
    expect(byId).toEqual([...byId].sort());
  });

  it('filters by equality and by operators, typed', async () => {
    expect(names(await list('filter.tier=gold'))).toEqual(['Nine', 'Hundred']);
    expect(names(await list('filter.score=10'))).toEqual(['Ten']);
    expect(names(await list('filter.score.gt=9'))).toEqual(['Ten', 'Hundred']);
    expect(names(await list('filter.score.gte=9&filter.score.lt=100'))).toEqual(['Nine', 'Ten']);
    expect(names(await list('filter.score.lte=-3.5'))).toEqual(['Minus']);
    expect(names(await list('filter.tier.ne=gold'))).toEqual(['Ten', 'Blank', 'Minus']);
    expect(names(await list('filter.tier.in=gold,silver&sort=score'))).toEqual(['Minus', 'Nine', 'Ten', 'Hundred']);
    expect(names(await list('filter.full_name.contains=UN'))).toEqual(['Hundred']);
    expect(names(await list('filter.full_name.startsWith=n'))).toEqual(['Nine']);
    expect(names(await list('filter.notes.contains=50%25'))).toEqual(['Hundred']);
    expect(names(await list('filter.full_name.contains=%25'))).toEqual([]);
    expect(names(await list('filter.score.isNull=true'))).toEqual(['Blank']);
    expect(names(await list('filter.score.isNull=false'))).toHaveLength(4);
    expect(names(await list('filter.active=true'))).toEqual(['Nine', 'Minus']);
    expect(names(await list('filter.born.gte=1990-05-01&filter.born.lt=2000-01-01'))).toEqual(['Nine', 'Minus']);
    expect(names(await list('filter.email=nine@x.io'))).toEqual(['Nine']);
  });

  it('filters and sorts by system fields', async () => {
    const all = (await list('')).body.data.data;
    expect(names(await list(`filter.id=${all[1].id}`))).toEqual(['Ten']);
    expect(names(await list(`filter.id.in=${all[0].id},${all[2].id}`))).toEqual(['Nine', 'Hundred']);
    expect(names(await list(`filter.createdAt.gte=${all[4].createdAt}`))).toEqual(['Minus']);
    expect((await list('filter.updatedAt.lt=2000-01-01')).body.data.total).toBe(0);
  });

  it('combines filter, sort, search and paging in SQL', async () => {
    const res = await list('filter.tier=gold&sort=score&order=desc&limit=1&page=2');
    expect(res.body.data).toMatchObject({ total: 2, totalPages: 2 });
    expect(names(res)).toEqual(['Nine']);
  });

  it('refuses every malformed parameter with 400 naming it', async () => {
    const bad = [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'limit=-1',
      'limit=0',
      'limit=ten',
      'sort=nope',
      'order=sideways',
      'filter.nope=1',
      'filter.score.like=1',
      'filter.score.gt=abc',
      'filter.active=maybe',
      'filter.born.gt=yesterday',
      'filter.id=not-a-uuid',
      'filter.score.contains=1',
      'filter.score.isNull=perhaps',
      'filter.tier.in=',
      'filter.a.b.c=1',
      'resolve=perhaps',
      'unknown=1',
      'page=1&page=2',
      `search=${'x'.repeat(201)}`,
    ];
    for (const q of bad) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe('VALIDATION_ERROR');
      const param = q.split('=')[0]!;
      expect(res.body.error.message.toLowerCase(), q).toContain(param.replace(/\..*/, '').toLowerCase());
    }
  });
});
