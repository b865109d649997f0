import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** Field config limits (`minLength`, `maxLength`, `min`, `max`) are enforced on record values. */
describe('field config constraints on record values', () => {
  let t: TestApp;
  let as: { apiKey: string };
  const base = '/api/entities/products/records';
  const count = async () => (await t.get(base, as)).body.data.total as number;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await t.createTenant('Limits');
    as = { apiKey: tenant.apiKey };
    const res = await t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'products' },
          fields: [
            { name: 'Code', fieldKey: 'code', fieldType: 'text', config: { minLength: 3, maxLength: 5 } },
            { name: 'Price', fieldKey: 'price', fieldType: 'number', config: { min: 0, max: 1000 } },
            { name: 'Stock', fieldKey: 'stock', fieldType: 'integer', config: { min: 0 } },
          ],
        },
        auto_publish: true,
        version_message: 'v1',
      },
      as,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    [{ code: 'ab' }, 'code', 'at least 3'],
    [{ code: 'abcdef' }, 'code', 'at most 5'],
    [{ price: -1 }, 'price', 'at least 0'],
    [{ price: '1000.5' }, 'price', 'at most 1000'],
    [{ stock: -3 }, 'stock', 'at least 0'],
  ])('refuses %j naming %s, writing nothing', async (body, field, message) => {
    const before = await count();
    const res = await t.post(base, body, as);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field, message: expect.stringContaining(message) }]);
    expect(await count()).toBe(before);
  });

  it('accepts values at the limits', async () => {
    const res = await t.post(base, { code: 'abc', price: 1000, stock: 0 }, as);
    expect(res.status).toBe(201);
    expect(res.body.data.data).toEqual({ code: 'abc', price: 1000, stock: 0 });
  });
});
