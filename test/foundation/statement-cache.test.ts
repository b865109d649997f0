import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * More distinct statements than the embedded database's session keeps prepared (500, an LRU that
 * closes what it evicts): evicted statements are prepared again, kept ones still answer.
 */
describe('prepared statements beyond the session cache', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('answers every statement after the oldest were evicted and closed', async () => {
    const sum = (n: number) => t.db.query<{ v: number }>(`select $1::int + ${n} as v`, [1]);
    for (let n = 0; n < 620; n++) expect((await sum(n))[0]!.v).toBe(n + 1);
    for (const n of [0, 1, 119, 120, 500, 619]) expect((await sum(n))[0]!.v).toBe(n + 1);
  });
});
