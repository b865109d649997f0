import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

describe('record search and relation resolution', () => {
  let f: RecordsFixture;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    f = await createRecordsFixture();
    for (const [key, body] of Object.entries({
      jose: { full_name: 'José Pérez', notes: 'Vive en Málaga', tier: 'gold' },
      zoe: { full_name: 'Zoë Öberg', email: 'ZOE@Example.com' },
      plain: { full_name: 'Plain Person', notes: 'nothing special', extra: { hidden: 'jose' } },
    })) {
      ids[key] = (await f.t.post(f.base('customers'), body, f.as)).body.data.id;
    }
  });
  afterAll(async () => {
    await f.t.close();
  });
  const names = (res: { body: any }) => res.body.data.data.map((r: { name: string }) => r.name);

  it('search ignores case and accents across text, textarea, email and select fields', async () => {
    const get = (q: string) => f.t.get(`${f.base('customers')}?search=${encodeURIComponent(q)}`, f.as);
    expect(names(await get('jose'))).toEqual(['José Pérez']);
    expect(names(await get('JOSÉ'))).toEqual(['José Pérez']);
    expect(names(await get('malaga'))).toEqual(['José Pérez']);
    expect(names(await get('zoe@example'))).toEqual(['Zoë Öberg']);
    expect(names(await get('oberg'))).toEqual(['Zoë Öberg']);
    expect(names(await get('GOLD'))).toEqual(['José Pérez']);
    expect(names(await get('%'))).toEqual([]);
    expect((await get('jose')).body.data.total).toBe(1);
  });

  it('keeps search current after an update', async () => {
    await f.t.put(`${f.base('customers')}/${ids.plain}`, { notes: 'Über café' }, f.as);
    expect(names(await f.t.get(`${f.base('customers')}?search=uber%20cafe`, f.as))).toEqual(['Plain Person']);
    expect(names(await f.t.get(`${f.base('customers')}?search=special`, f.as))).toEqual([]);
  });

  it('resolves relations on list and get (one query per page), ids without resolve', async () => {
    const o1 = (await f.t.post(f.base('orders'), { code: 'O-1', customer: ids.jose, buyer: ids.zoe }, f.as)).body.data;
    await f.t.post(f.base('orders'), { code: 'O-2', customer: ids.jose }, f.as);
    expect(o1.data.customer).toBe(ids.jose);

    const plain = await f.t.get(f.base('orders'), f.as);
    expect(plain.body.data.data[0].data.customer).toBe(ids.jose);

    const listed = await f.t.get(`${f.base('orders')}?resolve=true`, f.as);
    expect(listed.status).toBe(200);
    const [first, second] = listed.body.data.data;
    expect(first.data.customer).toEqual({
      id: ids.jose,
      name: 'José Pérez',
      data: { full_name: 'José Pérez', notes: 'Vive en Málaga', tier: 'gold' },
    });
    expect(first.data.buyer).toMatchObject({ id: ids.zoe, data: { full_name: 'Zoë Öberg' } });
    expect(second.data.customer.id).toBe(ids.jose);
    expect(second.data).not.toHaveProperty('buyer');

    const got = await f.t.get(`${f.base('orders')}/${o1.id}?resolve=true`, f.as);
    expect(got.body.data.data.customer).toMatchObject({ id: ids.jose, data: { full_name: 'José Pérez' } });
    const gotPlain = await f.t.get(`${f.base('orders')}/${o1.id}?resolve=false`, f.as);
    expect(gotPlain.body.data.data.customer).toBe(ids.jose);
    expect((await f.t.get(`${f.base('orders')}/${o1.id}?resolve=nah`, f.as)).status).toBe(400);
  });

  it('a deleted related record leaves the relation dangling: resolve yields null', async () => {
    const c = (await f.t.post(f.base('customers'), { full_name: 'Gone Soon' }, f.as)).body.data;
    const o = (await f.t.post(f.base('orders'), { code: 'O-3', customer: c.id }, f.as)).body.data;
    expect((await f.t.delete(`${f.base('customers')}/${c.id}`, f.as)).status).toBe(200);
    const got = await f.t.get(`${f.base('orders')}/${o.id}?resolve=true`, f.as);
    expect(got.status).toBe(200);
    expect(got.body.data.data.customer).toBeNull();
    const raw = await f.t.get(`${f.base('orders')}/${o.id}`, f.as);
    expect(raw.body.data.data.customer).toBe(c.id);
    const listed = await f.t.get(`${f.base('orders')}?resolve=true&filter.code=O-3`, f.as);
    expect(listed.body.data.data[0].data.customer).toBeNull();
  });

  it('semantic search (built-in trigram method) ranks by similarity with a score', async () => {
    const res = await f.t.get(`${f.base('customers')}/search/semantic?q=jose%20perez`, f.as);
    expect(res.status).toBe(200);
    const [best] = res.body.data;
    expect(best.name).toBe('José Pérez');
    expect(best.similarity).toBeGreaterThan(0.5);
    expect(best.similarity).toBeLessThanOrEqual(1);
    const scores = res.body.data.map((r: { similarity: number }) => r.similarity);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const typo = await f.t.get(`${f.base('customers')}/search/semantic?q=malga&minSimilarity=0.2`, f.as);
    expect(typo.body.data[0]?.name).toBe('José Pérez');
    const none = await f.t.get(`${f.base('customers')}/search/semantic?q=qqqqxxxx`, f.as);
    expect(none.body.data).toEqual([]);
  });

  it('semantic search refuses bad parameters', async () => {
    for (const q of ['', 'q=', 'q=a&limit=0', 'q=a&minSimilarity=2', `q=${'a'.repeat(501)}`, 'q=a&nope=1']) {
      const res = await f.t.get(`${f.base('customers')}/search/semantic?${q}`, f.as);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});
