import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_ROLE } from '../../src/db/tenant-context.js';
import { RunAgain, withTenant } from '../../src/db/with-tenant.js';
import { createTestDatabase, TEST_DATABASE, type TestDatabase } from '../helpers/database.js';
import { openPostgres } from '../../src/db/postgres.js';

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
    const [row] = await test.db.query<{ doc: unknown; kind: string }>('select $1::jsonb as doc, jsonb_typeof($1::jsonb) as kind', [
      JSON.stringify({ a: 1, b: ['x'] }),
    ]);
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

/** Tenant work leaves nothing behind on the connection, and statements survive what goes wrong. */
describe('database adapter: sessions', () => {
  let test: TestDatabase;
  const tenant = '00000000-0000-4000-8000-00000000000a';
  const whoAmI =
    "select current_user as role, coalesce(current_setting('app.tenant_id', true), '') as tenant, current_setting('transaction_read_only') as ro";
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('a read outside a transaction runs as the tenant role, read only, and leaves the owner session as it was', async () => {
    const [before] = await test.db.query<{ role: string; tenant: string; ro: string }>(whoAmI);
    for (const transaction of [false, true]) {
      const [inside] = await withTenant(test.db, tenant, { readOnly: true, transaction }, (tx) => tx.query(whoAmI));
      expect(inside).toEqual({ role: TENANT_ROLE, tenant, ro: 'on' });
    }
    const [write] = await withTenant(test.db, tenant, { readOnly: false, transaction: true }, (tx) => tx.query(whoAmI));
    expect(write).toEqual({ role: TENANT_ROLE, tenant, ro: 'off' });
    expect(await test.db.query(whoAmI)).toEqual([before]);
    expect(before).toMatchObject({ tenant: '', ro: 'off' });
  });

  it('statements issued together in one transaction all run inside it, whichever needs preparing first', async () => {
    await test.db.query(whoAmI); // prepared: ready to go out before the new statement below
    const fresh = `${whoAmI}, 1 as fresh`;
    const [a, b] = await withTenant(test.db, tenant, { readOnly: false, transaction: true }, (tx) =>
      Promise.all([tx.query(fresh), tx.query(whoAmI)]),
    );
    expect(a).toEqual([{ role: TENANT_ROLE, tenant, ro: 'off', fresh: 1 }]);
    expect(b).toEqual([{ role: TENANT_ROLE, tenant, ro: 'off' }]);
  });

  it('queryAndCommit commits with its statement, in the tenant context; nothing may follow it', async () => {
    await test.db.exec(`create table qc_probe (v int primary key); grant select, insert on qc_probe to ${TENANT_ROLE}`);
    const count = async () => (await test.db.query<{ n: number }>('select count(*)::int as n from qc_probe'))[0]!.n;
    const rows = await withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
      await tx.query('insert into qc_probe values (1)');
      return tx.queryAndCommit(
        "insert into qc_probe values (2) returning current_user as role, current_setting('app.tenant_id') as tenant",
      );
    });
    expect(rows).toEqual([{ role: TENANT_ROLE, tenant }]);
    expect(await count()).toBe(2);

    // A failing last statement commits nothing, earlier statements included, and its error is translated.
    await expect(
      withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
        await tx.query('insert into qc_probe values (3)');
        return tx.queryAndCommit('insert into qc_probe values (1)');
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await count()).toBe(2);

    // Statements after it are refused and never run, whichever way they are sent.
    for (const next of ['query', 'queryAndCommit'] as const) {
      await expect(
        withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
          await tx.queryAndCommit('insert into qc_probe values (4)');
          await tx[next]('insert into qc_probe values (5)');
        }),
      ).rejects.toThrow(/committed/);
      await test.db.exec('delete from qc_probe where v = 4');
    }
    expect(await count()).toBe(2);
    expect(await withTenant(test.db, tenant, { readOnly: false, transaction: true }, (tx) => tx.query('select 1 as ok'))).toEqual([
      { ok: 1 },
    ]);
  });

  it('readCommitted runs in the tenant context; ahead of the transaction only before its first statement', async () => {
    const seen = await withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
      const ahead = await tx.readCommitted(whoAmI);
      const first = await tx.query<{ ro: string }>(whoAmI);
      const after = await tx.readCommitted(whoAmI);
      return { ahead: ahead[0], first: first[0], after: after[0] };
    });
    // PostgreSQL reads ahead on a read-only session; PGlite, one session, always inside.
    expect(seen.ahead).toEqual({ role: TENANT_ROLE, tenant, ro: test.db.kind === 'postgres' ? 'on' : 'off' });
    expect(seen.first).toEqual({ role: TENANT_ROLE, tenant, ro: 'off' });
    expect(seen.after).toEqual(seen.first);

    // A transaction that read ahead still commits its one statement, in its tenant; a failed one commits nothing.
    await test.db.exec(
      `create table ahead_probe (v int primary key, tenant text not null); grant select, insert on ahead_probe to ${TENANT_ROLE}`,
    );
    const insert = "insert into ahead_probe values ($1, current_setting('app.tenant_id')) returning tenant";
    const saved = await withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
      const [n] = await tx.readCommitted<{ n: number }>('select count(*)::int as n from ahead_probe');
      return tx.queryAndCommit(insert, [n!.n + 1]);
    });
    expect(saved).toEqual([{ tenant }]);
    await expect(
      withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
        await tx.readCommitted('select 1');
        return tx.queryAndCommit(insert, [1]);
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await test.db.query('select v, tenant from ahead_probe')).toEqual([{ v: 1, tenant }]);
    // Nothing may follow the commit, a read ahead included.
    await expect(
      withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
        await tx.queryAndCommit(insert, [2]);
        await tx.readCommitted('select 1');
      }),
    ).rejects.toThrow(/committed/);
  });

  it.runIf(TEST_DATABASE === 'postgres')('reads ahead only where transactions default to READ COMMITTED', async () => {
    // A database whose sessions default to REPEATABLE READ: a read ahead would take a snapshot of
    // its own, not the transaction's, so it stays the transaction's first statement.
    const url = new URL(test.url!);
    url.searchParams.set('default_transaction_isolation', 'repeatable read');
    const strict = await openPostgres(url.toString(), { max: 2 });
    try {
      const seen = await withTenant(strict, tenant, { readOnly: false, transaction: true }, async (tx) => {
        const [ahead] = await tx.readCommitted<{ ro: string; iso: string }>(
          "select current_setting('transaction_read_only') as ro, current_setting('transaction_isolation') as iso",
        );
        return ahead;
      });
      expect(seen).toEqual({ ro: 'off', iso: 'repeatable read' });
    } finally {
      await strict.close();
    }
  });

  it('a body that throws RunAgain runs once more, in a new transaction, as attempt 2; not a third time', async () => {
    const attempts: number[] = [];
    const answer = await withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
      attempts.push(tx.attempt);
      const [who] = await tx.query<{ tenant: string }>(whoAmI);
      if (tx.attempt === 1) throw new RunAgain('a shortcut refused');
      return who!.tenant;
    });
    expect(attempts).toEqual([1, 2]);
    expect(answer).toBe(tenant);
    await expect(
      withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
        throw new RunAgain(`attempt ${tx.attempt}`);
      }),
    ).rejects.toThrow(/attempt 2/);
  });

  it('reads of many tenants at once, some failing, each run in their own tenant only', async () => {
    const tenants = ['b', 'c', 'd', 'e'].map((x) => `00000000-0000-4000-8000-00000000000${x}`);
    const read = (i: number) =>
      withTenant(test.db, tenants[i % tenants.length]!, { readOnly: true, transaction: false }, async (tx) => {
        if (i % 7 === 0) await expect(tx.query('select 1 / $1::int', [0])).rejects.toBeDefined();
        const [first] = await tx.query<{ tenant: string }>(whoAmI);
        await new Promise((resolve) => setImmediate(resolve)); // other tenants' statements go out meanwhile
        const [second] = await tx.query<{ tenant: string }>(whoAmI);
        return [first!.tenant, second!.tenant];
      });
    const seen = await Promise.all(Array.from({ length: 120 }, (_, i) => read(i)));
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => [tenants[i % tenants.length], tenants[i % tenants.length]]));
  });

  it('one-statement transactions of many tenants at once each commit in their own tenant; a failed one commits nothing', async () => {
    await test.db.exec(
      `create table one_probe (v int primary key, tenant text not null); grant select, insert on one_probe to ${TENANT_ROLE}`,
    );
    const tenants = ['b', 'c', 'd'].map((x) => `00000000-0000-4000-8000-00000000000${x}`);
    const insert = "insert into one_probe values ($1, current_setting('app.tenant_id')) returning current_user as role, tenant";
    const save = (v: number) =>
      withTenant(test.db, tenants[v % tenants.length]!, { readOnly: false, transaction: true }, (tx) =>
        tx.queryAndCommit(insert, [v % 10 === 9 ? 0 : v]),
      );
    await test.db.query("insert into one_probe values (0, 'seed')");
    const numbers = Array.from({ length: 60 }, (_, i) => i + 1);
    const outcomes = await Promise.allSettled(numbers.map((v) => save(v)));
    outcomes.forEach((outcome, i) => {
      const v = numbers[i]!;
      if (v % 10 !== 9)
        expect(outcome).toEqual({ status: 'fulfilled', value: [{ role: TENANT_ROLE, tenant: tenants[v % tenants.length] }] });
      else expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
    });
    const rows = await test.db.query<{ v: number; tenant: string }>('select v, tenant from one_probe where v > 0 order by v');
    expect(rows).toEqual(numbers.filter((v) => v % 10 !== 9).map((v) => ({ v, tenant: tenants[v % tenants.length] })));
  });

  it('a transaction that fails while its connection is still being taken gives the connection back', async () => {
    // At once, more than the pool holds: most reservations are still waiting when `fn` fails.
    await Promise.all(
      Array.from({ length: 12 }, () =>
        expect(
          withTenant(test.db, tenant, { readOnly: false, transaction: true }, async (tx) => {
            void tx.query('select 1').catch(() => undefined);
            throw new Error('early');
          }),
        ).rejects.toThrow('early'),
      ),
    );
    const held = await Promise.all(
      Array.from({ length: 8 }, () => withTenant(test.db, tenant, { readOnly: false, transaction: true }, (tx) => tx.query(whoAmI))),
    );
    expect(held).toHaveLength(8);
  });

  it('a read outside a transaction cannot write', async () => {
    await expect(
      withTenant(test.db, tenant, { readOnly: true, transaction: false }, (tx) =>
        tx.query("insert into records (tenant_id, entity_id, name, data) values ($1, gen_random_uuid(), 'x', '{}')", [tenant]),
      ),
    ).rejects.toBeDefined();
  });

  it('keeps working after a failed statement and a rolled-back transaction, with the same statements', async () => {
    const text = 'select $1::int + 1 as n';
    await expect(
      test.db.transaction(async (tx) => {
        expect(await tx.query(text, [1])).toEqual([{ n: 2 }]);
        await tx.query('select 1 / $1::int', [0]);
      }),
    ).rejects.toBeDefined();
    expect(await test.db.query(text, [2])).toEqual([{ n: 3 }]);
    await expect(test.db.query('select nonsense from')).rejects.toBeDefined();
    expect(await test.db.query(text, [3])).toEqual([{ n: 4 }]);
  });

  it('encodes the values the code binds: null, booleans, numbers, arrays, JSON text and dates', async () => {
    const when = new Date('2026-01-02T03:04:05.678Z');
    const [row] = await test.db.query(
      'select $1::text as a, $2::boolean as b, $3::numeric::float8 as c, $4::uuid[] as d, $5::jsonb as e, $6::timestamptz as f, $7::real[] as g',
      [null, true, 1.5, [tenant], '{"x":[1]}', when, [0.5, 1]],
    );
    expect(row).toEqual({ a: null, b: true, c: 1.5, d: [tenant], e: { x: [1] }, f: when, g: [0.5, 1] });
  });

  it('runs more distinct statements than it keeps prepared', async () => {
    for (let i = 0; i < 520; i++) {
      const [row] = await test.db.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(row!.n).toBe(i + 1);
    }
    expect(await test.db.query('select $1::int + 0 as n', [5])).toEqual([{ n: 5 }]);
  });
});
