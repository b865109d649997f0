import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

/** aggregate_records over REST: every op, groups, the list's filters, and the limits (docs/records.md, "Aggregates"). */
describe('record aggregates', () => {
  let f: RecordsFixture;
  let lastCreatedAt: string;
  const agg = (query: string) => f.t.get(`${f.base('customers')}/aggregate?${query}`, f.as);
  const data = async (query: string) => {
    const res = await agg(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    f = await createRecordsFixture();
    const rows = [
      { full_name: 'Nine', score: 9, visits: 3, born: '1990-05-01', tier: 'gold', active: true },
      { full_name: 'Ten', score: 10, visits: 4, born: '1985-01-20', tier: 'silver', active: false },
      { full_name: 'Hundred', score: 100, born: '2001-11-30', tier: 'gold', notes: 'likes 50% off' },
      { full_name: 'Blank' },
      { full_name: 'Minus', score: -3.5, born: '1990-05-02T08:00:00Z', tier: 'silver', active: true },
    ];
    for (const r of rows) {
      const res = await f.t.post(f.base('customers'), r, f.as);
      expect(res.status).toBe(201);
      lastCreatedAt = res.body.data.createdAt;
    }
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('counts records by default, and non-empty values of a field', async () => {
    expect(await data('')).toEqual({ op: 'count', field: null, value: 5, count: 5 });
    expect(await data('op=count&field=score')).toEqual({ op: 'count', field: 'score', value: 4, count: 5 });
    expect(await data('op=count&field=notes')).toMatchObject({ value: 1, count: 5 });
  });

  it('sums, averages and finds extremes of number fields, numerically', async () => {
    expect(await data('op=sum&field=score')).toEqual({ op: 'sum', field: 'score', value: 115.5, count: 5 });
    expect((await data('op=avg&field=score')).value).toBeCloseTo(28.875, 10);
    expect((await data('op=min&field=score')).value).toBe(-3.5);
    expect((await data('op=max&field=score')).value).toBe(100);
    expect((await data('op=sum&field=visits')).value).toBe(7);
  });

  it('finds extremes of date fields and timestamps as ISO 8601 text', async () => {
    expect((await data('op=min&field=born')).value).toBe('1985-01-20');
    expect((await data('op=max&field=born')).value).toBe('2001-11-30');
    expect((await data('op=max&field=createdAt')).value).toBe(lastCreatedAt);
  });

  it('answers null over no values, and a count of 0 over no records', async () => {
    expect(await data('op=sum&field=score&filter.full_name=Blank')).toEqual({ op: 'sum', field: 'score', value: null, count: 1 });
    expect(await data('op=avg&field=score&filter.full_name=nobody')).toEqual({ op: 'avg', field: 'score', value: null, count: 0 });
    expect(await data('filter.full_name=nobody')).toMatchObject({ value: 0, count: 0 });
  });

  it('applies the record list filters and search', async () => {
    expect(await data('op=sum&field=score&filter.tier=gold')).toMatchObject({ value: 109, count: 2 });
    expect(await data('op=sum&field=score&filter.score.gte=9&filter.score.lt=100')).toMatchObject({ value: 19, count: 2 });
    expect(await data('filter.tier.in=gold,silver&filter.active.isNull=false')).toMatchObject({ value: 3 });
    expect(await data('filter.born.gt=1990-01-01')).toMatchObject({ value: 3 });
    expect(await data('filter.full_name.startsWith=h')).toMatchObject({ value: 1 });
    expect(await data('search=50%25')).toMatchObject({ value: 1 });
    expect(await data('filter.tier.ne=gold')).toMatchObject({ value: 3 });
  });

  it('groups by a field: typed keys, empty values in one null group, sorted by key with nulls last', async () => {
    expect(await data('op=sum&field=score&groupBy=tier')).toEqual({
      op: 'sum',
      field: 'score',
      groupBy: 'tier',
      groups: [
        { key: 'gold', value: 109, count: 2 },
        { key: 'silver', value: 6.5, count: 2 },
        { key: null, value: null, count: 1 },
      ],
      totalGroups: 3,
      truncated: false,
    });
    const byActive = await data('groupBy=active');
    expect(byActive.groups).toEqual([
      { key: false, value: 1, count: 1 },
      { key: true, value: 2, count: 2 },
      { key: null, value: 2, count: 2 },
    ]);
    const byScore = await data('groupBy=score&order=desc&filter.score.isNull=false');
    expect(byScore.groups.map((g: { key: unknown }) => g.key)).toEqual([100, 10, 9, -3.5]);
  });

  it('sorts groups by value either way (nulls last) and caps them with limit, saying so', async () => {
    const desc = await data('op=max&field=score&groupBy=tier&sort=value&order=desc');
    expect(desc.groups.map((g: { key: unknown; value: unknown }) => [g.key, g.value])).toEqual([
      ['gold', 100],
      ['silver', 10],
      [null, null],
    ]);
    const asc = await data('op=max&field=score&groupBy=tier&sort=value');
    expect(asc.groups.map((g: { key: unknown }) => g.key)).toEqual(['silver', 'gold', null]);
    const top = await data('op=sum&field=score&groupBy=tier&sort=value&order=desc&limit=1');
    expect(top).toMatchObject({ groups: [{ key: 'gold', value: 109, count: 2 }], totalGroups: 3, truncated: true });
    expect(await data('groupBy=tier&limit=5000')).toMatchObject({ totalGroups: 3, truncated: false });
  });

  it('groups within the filters', async () => {
    const res = await data('op=count&groupBy=tier&filter.active=true');
    expect(res.groups).toEqual([
      { key: 'gold', value: 1, count: 1 },
      { key: 'silver', value: 1, count: 1 },
    ]);
  });

  const refusals: Array<[string, number, string, RegExp]> = [
    ['op=median', 400, 'VALIDATION_ERROR', /op/],
    ['op=sum', 400, 'VALIDATION_ERROR', /field: sum needs a field \(number fields: score, visits\)/],
    ['op=sum&field=full_name', 400, 'VALIDATION_ERROR', /sum needs a number field; "full_name" is text \(number fields: score, visits\)/],
    ['op=avg&field=born', 400, 'VALIDATION_ERROR', /avg needs a number field; "born" is date/],
    ['op=min&field=tier', 400, 'VALIDATION_ERROR', /min needs a number or date field; "tier" is select \(number and date fields: .*born/],
    ['op=sum&field=createdAt', 400, 'VALIDATION_ERROR', /unknown field "createdAt"/],
    ['op=max&field=nope', 400, 'VALIDATION_ERROR', /field: unknown field "nope" \(fields: full_name, /],
    ['groupBy=place', 400, 'VALIDATION_ERROR', /groupBy: "place" is a location field, which cannot be grouped/],
    ['groupBy=nope', 400, 'VALIDATION_ERROR', /groupBy: unknown field "nope" \(groupable: /],
    ['groupBy=createdAt', 400, 'VALIDATION_ERROR', /groupBy: unknown field "createdAt"/],
    ['filter.nope=1', 400, 'VALIDATION_ERROR', /filter.nope: unknown field "nope"/],
    ['filter.score.gt=abc', 400, 'VALIDATION_ERROR', /"abc" is not a number/],
    ['filter.active.contains=x', 400, 'VALIDATION_ERROR', /operator "contains" is not available/],
    ['limit=0', 400, 'VALIDATION_ERROR', /limit must be at least 1/],
    ['limit=many', 400, 'VALIDATION_ERROR', /limit must be an integer/],
    ['sort=count', 400, 'VALIDATION_ERROR', /sort/],
    ['page=2', 400, 'VALIDATION_ERROR', /page/],
    ['op=sum&op=avg&field=score', 400, 'VALIDATION_ERROR', /op/],
  ];

  it.each(refusals)('refuses %s with %i %s and a precise message', async (query, status, code, message) => {
    const res = await agg(query);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, error: { code } });
    expect(res.body.error.message).toMatch(message);
  });

  it('answers 404 for unknown and never-published entities', async () => {
    const unknown = await f.t.get('/api/entities/nothing_here/records/aggregate', f.as);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const draft = await f.t.post('/api/entities', { definition: { entity: { name: 'drafty' }, fields: [] } }, f.as);
    expect(draft.status).toBe(201);
    const res = await f.t.get('/api/entities/drafty/records/aggregate', f.as);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/draft/);
  });

  it('does not let a record id route swallow the aggregate route, nor the other way round', async () => {
    const res = await f.t.get(`${f.base('customers')}/00000000-0000-4000-8000-000000000000`, f.as);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/No customers record/);
  });
});
