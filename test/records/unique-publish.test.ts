import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import type { PublishedEntity } from '../../src/domain/entities/entity.types.js';
import { announceChange } from '../../src/db/invalidation.js';
import { entitiesChangeKey, findPublishedEntity } from '../../src/domain/entities/entity.repository.js';
import { runPublishHooks } from '../../src/domain/entities/publish-hooks.js';
import { rebuildUniqueValuesOnPublish } from '../../src/domain/records/unique-values.js';
import { AppError } from '../../src/errors.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

/** The publish hook of records: unique side-table rows follow the published definition. */
describe('unique values across entity publishes', () => {
  let f: RecordsFixture;
  let v1: PublishedEntity;
  const withUnique = (entity: PublishedEntity, key: string, unique: boolean): PublishedEntity => ({
    ...entity,
    version: entity.version + 1,
    definition: {
      ...entity.definition,
      fields: entity.definition.fields.map((x) => (x.fieldKey === key ? { ...x, isUnique: unique } : x)),
    },
  });
  const publish = (next: PublishedEntity, previous: PublishedEntity) =>
    withTenant(f.t.db, f.tenant.id, { readOnly: false }, async (tx) => {
      await runPublishHooks(tx, f.t.services.hooks.onPublish, next, previous);
      // Make the stored published version the one records validate against (writing it directly,
      // so announce the change as the repository's publish does: caches of definitions drop it).
      await announceChange(tx, entitiesChangeKey(f.tenant.id));
      await tx.query('update entity_versions set definition = $3::text::jsonb where tenant_id = $1 and entity_id = $2', [
        f.tenant.id,
        next.id,
        JSON.stringify(next.definition),
      ]);
    });
  const uniqueRows = (key: string) =>
    withTenant(
      f.t.db,
      f.tenant.id,
      { readOnly: true },
      async (tx) =>
        (
          await tx.query<{ n: number }>('select count(*)::int as n from record_unique_values where tenant_id = $1 and field_key = $2', [
            f.tenant.id,
            key,
          ])
        )[0]!.n,
    );

  beforeAll(async () => {
    f = await createRecordsFixture();
    const found = await withTenant(f.t.db, f.tenant.id, { readOnly: true }, (tx) => findPublishedEntity(tx, 'orders'));
    v1 = found as PublishedEntity;
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('is one of the publish hooks the service composes', () => {
    expect(f.t.services.hooks.onPublish).toContain(rebuildUniqueValuesOnPublish);
  });

  it('refuses to make a field unique while records share a value (CONFLICT naming it), and rolls back', async () => {
    await f.t.post(f.base('orders'), { code: 'DUP' }, f.as);
    await f.t.post(f.base('orders'), { code: 'DUP' }, f.as);
    const error = await publish(withUnique(v1, 'code', true), v1).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CONFLICT');
    expect((error as AppError).message).toContain('code');
    expect(await uniqueRows('code')).toBe(0);
  });

  it('builds rows for a field that became unique, then enforces it; drops them when it stops being unique', async () => {
    const list = (await f.t.get(`${f.base('orders')}?filter.code=DUP`, f.as)).body.data.data;
    await f.t.put(`${f.base('orders')}/${list[1].id}`, { code: 'DUP-2' }, f.as);
    const v2 = withUnique(v1, 'code', true);
    await publish(v2, v1);
    expect(await uniqueRows('code')).toBe(2);
    const dup = await f.t.post(f.base('orders'), { code: 'DUP' }, f.as);
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toContain('code');

    const v3 = withUnique(v2, 'code', false);
    await publish(v3, v2);
    expect(await uniqueRows('code')).toBe(0);
    expect((await f.t.post(f.base('orders'), { code: 'DUP' }, f.as)).status).toBe(201);
  });
});
