import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { prepareRuntime } from '../../src/start.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** First start on an empty database: bootstrap administrator and a JWT secret kept across restarts. */
describe('start-up', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('creates admin@localhost with a printed random password once, and keeps tokens valid across restarts', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const lines: string[] = [];
    const first = await prepareRuntime(config, (l) => lines.push(l), { db: test.db });
    const printed = lines.join('\n').match(/admin@localhost with password (\S+)/);
    expect(printed).not.toBeNull();
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@localhost', password: printed![1] },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token as string;
    await first.app.close();

    const again: string[] = [];
    const second = await prepareRuntime(config, (l) => again.push(l), { db: test.db });
    expect(again).toEqual([]);
    const me = await second.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    await second.app.close();
    const [row] = await test.db.query<{ n: number }>('select count(*)::int as n from admins');
    expect(row!.n).toBe(1);
  });
});
