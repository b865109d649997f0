import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { openPglite } from '../../src/db/pglite.js';

/**
 * The embedded database has no autovacuum (docs/database.md, "Maintenance of the embedded
 * database"): the service counts committed write transactions and queues ANALYZE and VACUUM
 * ANALYZE itself. Whatever the test project, this is PGlite's own behaviour, so it opens one.
 */
describe('maintenance of the embedded database', () => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  const stats = async () =>
    (
      await db!.query<{ analyzed: boolean; vacuumed: boolean }>(
        `select last_analyze is not null as analyzed, last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'notes'`,
      )
    )[0]!;
  const write = (n: number) => db!.transaction((tx) => tx.query('insert into notes (body) values ($1)', [`note ${n}`]));

  it('analyses after every analyzeEvery write transactions, and vacuums after every vacuumEvery', async () => {
    db = await openPglite(undefined, { maintenance: { analyzeEvery: 3, vacuumEvery: 6 } });
    await db.exec('create table notes (id serial primary key, body text)');
    await write(1);
    await write(2);
    // Read-only transactions are not counted.
    for (let i = 0; i < 5; i++) await db.transaction((tx) => tx.query('select count(*) from notes'), { readOnly: true });
    expect(await stats()).toEqual({ analyzed: false, vacuumed: false });
    await write(3);
    // Queued behind the third write, so done before this read runs.
    expect(await stats()).toEqual({ analyzed: true, vacuumed: false });
    for (let n = 4; n <= 6; n++) await write(n);
    expect(await stats()).toEqual({ analyzed: true, vacuumed: true });
  });

  it('does nothing with both counts at 0, or without a policy (the test suite opens its databases so)', async () => {
    db = await openPglite(undefined, { maintenance: { analyzeEvery: 0, vacuumEvery: 0 } });
    await db.exec('create table notes (id serial primary key, body text)');
    for (let n = 1; n <= 4; n++) await write(n);
    expect(await stats()).toEqual({ analyzed: false, vacuumed: false });
  });

  it('is configured by PGLITE_ANALYZE_EVERY and PGLITE_VACUUM_EVERY, with defaults, and refuses negative counts', () => {
    expect(loadConfig({}).pglite.maintenance).toEqual({ analyzeEvery: 10_000, vacuumEvery: 100_000 });
    expect(loadConfig({ PGLITE_ANALYZE_EVERY: '10', PGLITE_VACUUM_EVERY: '0' }).pglite.maintenance).toEqual({
      analyzeEvery: 10,
      vacuumEvery: 0,
    });
    expect(() => loadConfig({ PGLITE_ANALYZE_EVERY: '-1' })).toThrow(/PGLITE_ANALYZE_EVERY/);
  });
});
