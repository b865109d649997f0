import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { controlledSaveHooks } from '../helpers/save-hooks.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

/** Every refused body: 400 (or 409) naming the field, and nothing written. */
describe('record validation per field type', () => {
  let f: RecordsFixture;
  const hooks = controlledSaveHooks();
  beforeAll(async () => {
    f = await createRecordsFixture({}, { hooks: { saveHooks: [hooks.provider] } });
  });
  afterAll(async () => {
    await f.t.close();
  });

  const refused = async (body: unknown, field: string, code = 'VALIDATION_ERROR') => {
    const before = await f.countRecords();
    const res = await f.t.post(f.base('customers'), body, f.as);
    expect(res.status, JSON.stringify(res.body)).toBe(code === 'CONFLICT' ? 409 : 400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.details?.map((d: { field: string }) => d.field) ?? [], res.body.error.message).toContain(field);
    expect(res.body.error.message).toContain(field);
    expect(await f.countRecords()).toBe(before);
  };
  const accepted = async (body: Record<string, unknown>) => {
    const res = await f.t.post(f.base('customers'), { full_name: 'X', ...body }, f.as);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.data as Record<string, unknown>;
  };

  it('requires required fields (missing, null or blank)', async () => {
    await refused({ score: 1 }, 'full_name');
    await refused({ full_name: null }, 'full_name');
    await refused({ full_name: '   ' }, 'full_name');
  });

  it('refuses unknown keys and prototype keys', async () => {
    await refused({ full_name: 'A', nickname: 'x' }, 'nickname');
    await refused({ full_name: 'A', id: '00000000-0000-4000-8000-000000000000' }, 'id');
    const before = await f.countRecords();
    for (const raw of ['{"full_name":"A","__proto__":{"x":1}}', '{"full_name":"A","constructor":{"prototype":{}}}']) {
      const res = await f.t.post(f.base('customers'), raw, f.as);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await f.countRecords()).toBe(before);
  });

  it('refuses bodies that are not objects', async () => {
    const before = await f.countRecords();
    for (const raw of ['[1,2]', '"text"', '42', '{"full_name":']) {
      const res = await f.t.post(f.base('customers'), raw, f.as);
      expect(res.status, raw).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await f.countRecords()).toBe(before);
  });

  it('text and textarea take strings only', async () => {
    await refused({ full_name: 12 }, 'full_name');
    await refused({ full_name: 'A', notes: { a: 1 } }, 'notes');
  });

  it('email and url and phone check their format', async () => {
    await refused({ full_name: 'A', email: 'not-an-email' }, 'email');
    await refused({ full_name: 'A', website: 'javascript:alert(1)' }, 'website');
    await refused({ full_name: 'A', phone: 'call me' }, 'phone');
    expect(await accepted({ email: ' ada@example.com ', website: 'https://x.io/a', phone: '+34 600 11 22 33' })).toMatchObject({
      email: 'ada@example.com',
      website: 'https://x.io/a',
      phone: '+34 600 11 22 33',
    });
  });

  it('numbers: finite JSON numbers; numeric strings are converted; integers refuse fractions', async () => {
    await refused({ full_name: 'A', score: 'abc' }, 'score');
    await refused({ full_name: 'A', score: true }, 'score');
    await refused({ full_name: 'A', visits: 1.5 }, 'visits');
    await refused({ full_name: 'A', visits: '2.5' }, 'visits');
    expect(await accepted({ score: ' 3.25 ', visits: '7' })).toMatchObject({ score: 3.25, visits: 7 });
    expect(await accepted({ score: -0.5 })).toMatchObject({ score: -0.5 });
  });

  it('booleans take true/false', async () => {
    await refused({ full_name: 'A', active: 'yes' }, 'active');
    expect(await accepted({ active: false })).toMatchObject({ active: false });
  });

  it('dates and date-times are ISO 8601 and real calendar days', async () => {
    await refused({ full_name: 'A', born: '31/12/1990' }, 'born');
    await refused({ full_name: 'A', born: '2023-02-30' }, 'born');
    await refused({ full_name: 'A', seen_at: 'yesterday' }, 'seen_at');
    expect(await accepted({ born: '1990-12-31', seen_at: '2024-05-01T12:30:00+02:00' })).toMatchObject({
      born: '1990-12-31',
      seen_at: '2024-05-01T10:30:00.000Z',
    });
  });

  it('select takes one of its options (strings or { value, label })', async () => {
    await refused({ full_name: 'A', tier: 'bronze' }, 'tier');
    expect(await accepted({ tier: 'silver' })).toMatchObject({ tier: 'silver' });
  });

  it('file and location check their shape and ranges', async () => {
    await refused({ full_name: 'A', avatar: 'http://x/y.png' }, 'avatar');
    await refused({ full_name: 'A', avatar: { url: 'u', evil: 1 } }, 'avatar');
    await refused({ full_name: 'A', place: { lat: 91, lng: 0 } }, 'place');
    await refused({ full_name: 'A', place: { lat: 0, lng: -181 } }, 'place');
    await refused({ full_name: 'A', place: { lat: 0 } }, 'place');
    expect(
      await accepted({
        avatar: { url: 'https://x/a.png', size: 10, mimeType: 'image/png' },
        place: { lat: 40.4, lng: -3.7, city: 'Madrid' },
      }),
    ).toMatchObject({
      avatar: { url: 'https://x/a.png', size: 10, mimeType: 'image/png' },
      place: { lat: 40.4, lng: -3.7, city: 'Madrid' },
    });
  });

  it('json takes any JSON value', async () => {
    expect(await accepted({ extra: { nested: [1, 'two', null] } })).toMatchObject({ extra: { nested: [1, 'two', null] } });
  });

  it('names every failing field in details', async () => {
    const res = await f.t.post(f.base('customers'), { score: 'x', tier: 'nope' }, f.as);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['full_name', 'score', 'tier']);
  });

  it('relation values must be ids of existing records of the target entity in this tenant', async () => {
    const customer = (await f.t.post(f.base('customers'), { full_name: 'Rel' }, f.as)).body.data;
    const order = (await f.t.post(f.base('orders'), { code: 'O-1' }, f.as)).body.data;
    const before = await f.countRecords();
    for (const [body, field] of [
      [{ code: 'x', customer: 'nope' }, 'customer'],
      [{ code: 'x', customer: '00000000-0000-4000-8000-000000000000' }, 'customer'],
      [{ code: 'x', buyer: order.id }, 'buyer'],
    ] as const) {
      const res = await f.t.post(f.base('orders'), body, f.as);
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
    const other = await f.t.createTenant('Other Co');
    const { seedPublishedEntity } = await import('../helpers/seed-entity.js');
    await seedPublishedEntity(f.t, other.id, 'customers', [{ fieldKey: 'full_name', fieldType: 'text' }]);
    const foreign = (await f.t.post(f.base('customers'), { full_name: 'Foreign' }, { apiKey: other.apiKey })).body.data;
    const res = await f.t.post(f.base('orders'), { code: 'x', customer: foreign.id }, f.as);
    expect(res.status).toBe(400);
    expect(await f.countRecords()).toBe(before);
    const ok = await f.t.post(f.base('orders'), { code: 'x', customer: customer.id, buyer: customer.id }, f.as);
    expect(ok.status).toBe(201);
  });

  it('checks relations on update too, and before rule validation when rules validate', async () => {
    const customer = (await f.t.post(f.base('customers'), { full_name: 'Rel2' }, f.as)).body.data;
    const order = (await f.t.post(f.base('orders'), { code: 'O-2', customer: customer.id }, f.as)).body.data;
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const path = `${f.base('orders')}/${order.id}`;
    const stale = await f.t.put(path, { code: 'O-2b', customer: missing }, f.as);
    expect(stale.status).toBe(400);
    expect(stale.body.error.details).toEqual([{ field: 'customer', message: expect.stringContaining(missing) }]);
    expect((await f.t.get(path, f.as)).body.data.data).toEqual({ code: 'O-2', customer: customer.id });
    // Every failing relation is named, each with its own value.
    const both = await f.t.put(path, { customer: missing, buyer: order.id }, f.as);
    expect(both.status).toBe(400);
    expect(
      both.body.error.details.map((d: { field: string; message: string }) => [
        d.field,
        d.message.includes(d.field === 'customer' ? missing : order.id),
      ]),
    ).toEqual([
      ['customer', true],
      ['buyer', true],
    ]);

    // With rule validation registered, a schema error still comes first (docs/records.md: schema, then
    // rules): a refusing rule does not hide a missing relation target, and a passing one does not let it in.
    const refuse = async () => {
      throw new AppError('BUSINESS_RULE_ERROR', 'refused by a rule');
    };
    const ruleRuns: string[] = [];
    const pass = async () => void ruleRuns.push('ran');
    try {
      const before = await f.countRecords();
      for (const validateRules of [[refuse], [pass]]) {
        hooks.set('orders', { validateRules });
        const res = await f.t.post(f.base('orders'), { code: 'x', customer: missing }, f.as);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
        expect(res.body.error.details).toEqual([{ field: 'customer', message: expect.stringContaining(missing) }]);
        const put = await f.t.put(path, { customer: missing }, f.as);
        expect(put.body.error.code).toBe('VALIDATION_ERROR');
        expect(await f.countRecords()).toBe(before);
      }
      hooks.set('orders', { validateRules: [refuse] });
      expect((await f.t.post(f.base('orders'), { code: 'y', customer: customer.id }, f.as)).body.error.code).toBe('BUSINESS_RULE_ERROR');
      expect(await f.countRecords()).toBe(before);
      hooks.set('orders', { validateRules: [pass] });
      ruleRuns.length = 0;
      expect((await f.t.post(f.base('orders'), { code: 'y', customer: customer.id }, f.as)).status).toBe(201);
      expect(ruleRuns).toEqual(['ran']);
    } finally {
      hooks.clear();
    }
  });

  it('unique fields: a duplicate is 409 naming the field (emails ignore case); updates keep their own value', async () => {
    const first = (await f.t.post(f.base('customers'), { full_name: 'U1', email: 'u@example.com' }, f.as)).body.data;
    await refused({ full_name: 'U2', email: 'U@example.com' }, 'email', 'CONFLICT');
    const second = (await f.t.post(f.base('customers'), { full_name: 'U2', email: 'u2@example.com' }, f.as)).body.data;
    const clash = await f.t.put(`${f.base('customers')}/${second.id}`, { email: 'u@example.com' }, f.as);
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toContain('email');
    expect((await f.t.get(`${f.base('customers')}/${second.id}`, f.as)).body.data.data.email).toBe('u2@example.com');
    expect((await f.t.put(`${f.base('customers')}/${first.id}`, { full_name: 'U1b' }, f.as)).status).toBe(200);
    // Freed values can be reused: after a change and after a delete.
    expect((await f.t.put(`${f.base('customers')}/${first.id}`, { email: 'u3@example.com' }, f.as)).status).toBe(200);
    expect((await f.t.post(f.base('customers'), { full_name: 'U4', email: 'u@example.com' }, f.as)).status).toBe(201);
    await f.t.delete(`${f.base('customers')}/${second.id}`, f.as);
    expect((await f.t.post(f.base('customers'), { full_name: 'U5', email: 'u2@example.com' }, f.as)).status).toBe(201);
  });

  it('concurrent creates of one unique value: exactly one wins, the others get 409', async () => {
    const before = await f.countRecords();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => f.t.post(f.base('customers'), { full_name: `Race ${i}`, email: 'race@example.com' }, f.as)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await f.countRecords()).toBe(before + 1);
  });

  it('refuses an invalid update without changing the record', async () => {
    const r = (await f.t.post(f.base('customers'), { full_name: 'Keep', score: 1 }, f.as)).body.data;
    for (const body of [{ score: 'x' }, { full_name: null }, { unknown_key: 1 }]) {
      const res = await f.t.put(`${f.base('customers')}/${r.id}`, body, f.as);
      expect(res.status).toBe(400);
    }
    expect((await f.t.get(`${f.base('customers')}/${r.id}`, f.as)).body.data).toEqual(r);
  });
});
