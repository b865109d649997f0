import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** Both engines behave alike for the values the code binds. */
describe('database adapter', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await test.drop();
  });

  it('binds JSON text to a jsonb parameter as the document it spells', async () => {
    const [row] = await test.db.query<{ doc: unknown; kind: string }>(
      'select $1::jsonb as doc, jsonb_typeof($1::jsonb) as kind',
      [JSON.stringify({ a: 1, b: ['x'] })],
    );
    expect(row).toEqual({ doc: { a: 1, b: ['x'] }, kind: 'object' });
  });

  it('translates a unique violation into CONFLICT', async () => {
    await test.db.exec('create table uniq (v int primary key)');
    await test.db.query('insert into uniq values (1)');
    await expect(test.db.query('insert into uniq values (1)')).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('rolls a failed transaction back', async () => {
    await test.db.exec('create table rollback_probe (v int)');
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query('insert into rollback_probe values (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await test.db.query('select * from rollback_probe')).toEqual([]);
  });
});
