import { loadModule, parseSync } from 'libpg-query';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { withTenant } from '../../src/db/with-tenant.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { routingProblems } from '../helpers/distribution/sql-routing.js';
import { assertNoRouterViolations, RouterViolationError, takeRouterViolations } from '../helpers/distribution/tap.js';

/**
 * The router check (docs/scaling.md): which statements a database distributed by tenant_id could
 * send to one shard, and proof that a statement it could not fails the test that sent it.
 */
const A = '0b7c1e0e-0000-4000-8000-00000000000a';
const B = '0b7c1e0e-0000-4000-8000-00000000000b';

/** [statement, params, expected problem (a fragment) or null when routable] */
const CASES: Array<[string, unknown[], string | null]> = [
  ['select * from records where tenant_id = $1 and id = $2', [A, 'x'], null],
  ['select * from tenants where slug = $1', ['acme'], null],
  ["select * from records r where r.tenant_id = $1::uuid and r.data @> $2::jsonb and r.data->>'k' ilike $3", [A, '{}', '%'], null],
  ['select * from records where tenant_id in ($1)', [A], null],
  ['select r.id from records r join entities e on e.tenant_id = r.tenant_id and e.id = r.entity_id where r.tenant_id = $1', [A], null],
  ['select r.id from records r join entities e using (tenant_id) where e.tenant_id = $1', [A], null],
  ['with x as (select id from records where tenant_id = $1) select count(*) from x', [A], null],
  [
    "select r.id, t.v from records r, lateral jsonb_array_elements(r.data->'tags') t(v) where r.tenant_id = $1 order by r.created_at limit 20",
    [A],
    null,
  ],
  [
    'select r.id from records r where r.tenant_id = $1 and exists (select 1 from entities e where e.tenant_id = $1 and e.id = r.entity_id)',
    [A],
    null,
  ],
  ['select 1 from records where tenant_id = $1 union all select 1 from entities where tenant_id = $1', [A], null],
  [
    'insert into records (tenant_id, entity_id, name) values ($1, $2, $3) on conflict (tenant_id, id) do update set name = excluded.name returning id',
    [A, 'e', 'n'],
    null,
  ],
  [
    'insert into record_unique_values (tenant_id, entity_id, field_key, value, record_id) select r.tenant_id, r.entity_id, $2, $3, r.id from records r where r.tenant_id = $1',
    [A, 'k', 'v'],
    null,
  ],
  ['update records set name = $2 where tenant_id = $1 and id = $3', [A, 'n', 'x'], null],
  ['delete from records where tenant_id = $1 and id = any($2)', [A, ['x']], null],
  ['select * from records where tenant_id = $1 and id = $2', [B, 'x'], 'not the tenant of the transaction'],
  ['select count(*) from records', [], 'records is not restricted to one tenant'],
  ['select * from records where tenant_id = $1 or id = $2', [A, 'x'], 'records is not restricted to one tenant'],
  ['select * from records where tenant_id = any($1)', [[A, B]], 'records is not restricted to one tenant'],
  ['select * from records where tenant_id = $1 and tenant_id = $2', [A, B], 'different tenant_id values'],
  ['select r.id from records r join entities e on e.id = r.entity_id where r.tenant_id = $1', [A], 'entities is not restricted'],
  ['select r.id from records r, entities e where r.tenant_id = $1 and e.tenant_id = $2', [A, B], 'different tenant_id values'],
  [
    'select r.id from records r where r.tenant_id = $1 and exists (select 1 from entities e where e.tenant_id = r.tenant_id)',
    [A],
    'entities is not restricted',
  ],
  ['with x as (select id from records) select count(*) from x', [], 'records is not restricted'],
  ['insert into records (entity_id, name) values ($1, $2)', ['e', 'n'], 'does not name tenant_id'],
  ['insert into records (tenant_id, entity_id) values ($1, $2), ($3, $2)', [A, 'e', B], 'different tenant_id values'],
  ['insert into record_unique_values (tenant_id, value) select tenant_id, name from records', [], 'records is not restricted'],
  ['update records set tenant_id = $2 where tenant_id = $1', [A, B], 'UPDATE assigns tenant_id'],
  ['delete from user_sessions where expires_at < now()', [], 'user_sessions is not restricted'],
  ['truncate records', [], 'TruncateStmt on tenant table records'],
];

describe('the router check', () => {
  const tenantTables = new Set(inject('routerTenantTables'));
  beforeAll(async () => {
    await loadModule();
  });

  it('knows the tenant tables from the catalog, and not the global ones', () => {
    for (const t of ['entities', 'entity_versions', 'records', 'record_unique_values', 'tenant_users', 'user_sessions'])
      expect(tenantTables).toContain(t);
    for (const t of ['tenants', 'api_keys', 'admins', 'settings', 'revoked_admin_tokens', 'schema_migrations'])
      expect(tenantTables).not.toContain(t);
  });

  it.each(CASES)('%s', (text, params, expected) => {
    const problems = (parseSync(text).stmts ?? []).flatMap((s) => routingProblems(s.stmt, { tenantTables, params, tenantId: A }));
    if (expected === null) expect(problems).toEqual([]);
    else expect(problems.join('\n')).toContain(expected);
  });
});

describe('the router check on a test database', () => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.db;
  });
  afterAll(async () => {
    await test.drop();
  });

  it('refuses a statement that cannot be routed, on either connection, and records it for the test to fail', async () => {
    await expect(db.query('select count(*) from records')).rejects.toBeInstanceOf(RouterViolationError);
    await expect(withTenant(db, A, { readOnly: true }, (tx) => tx.query('select id from entities where name = $1', ['x']))).rejects.toThrow(
      /entities is not restricted to one tenant/,
    );
    const found = takeRouterViolations();
    expect(found.map((v) => [v.text, v.tenantId])).toEqual([
      ['select count(*) from records', undefined],
      ['select id from entities where name = $1', A],
    ]);
  });

  it('fails the test even when the caller swallowed the error', async () => {
    await db.query('select count(*) from records').catch(() => undefined);
    expect(() => assertNoRouterViolations()).toThrow(/cannot be routed to one shard/);
    expect(takeRouterViolations()).toEqual([]); // assertNoRouterViolations took it
  });

  it('lets a routable statement and a test probe through', async () => {
    expect(await db.query('select count(*)::int as n from records where tenant_id = $1', [A])).toEqual([{ n: 0 }]);
    expect(await probe(() => db.query('select count(*)::int as n from records'))).toEqual([{ n: 0 }]);
    expect(takeRouterViolations()).toEqual([]);
  });
});
