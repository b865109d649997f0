import { announceChange } from '../../db/invalidation.js';
import type { TenantTx } from '../../db/with-tenant.js';
import { entitiesChangeKey } from '../entities/entity.repository.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import { effectiveIndexes, sameBuild } from '../entities/indexes/index-definition.js';
import type { PublishHook } from '../entities/publish-hooks.js';
import { listStoredIndexes } from '../entities/indexes/index.repository.js';

/**
 * Declared indexes live in two shared tables (migrations 017, 018, 023): `entity_indexes`, the indexes of
 * each entity's published version with their build state and identity, and `record_index_entries`,
 * one typed entry per record and index, carrying that identity. A create writes its entries in its
 * own statement (index-entries.ts); triggers on `records` keep the entries of every index — building
 * or ready — true in each write's own transaction, whatever wrote it. This module makes and drops
 * indexes when a version is published and backfills the entries of existing records
 * (docs/entities.md, "Indexes").
 */

async function dropIndex(tx: TenantTx, entityId: string, name: string): Promise<void> {
  await tx.query('delete from record_index_entries where tenant_id = $1 and entity_id = $2 and index_name = $3', [
    tx.tenantId,
    entityId,
    name,
  ]);
  await tx.query('delete from entity_indexes where tenant_id = $1 and entity_id = $2 and name = $3', [tx.tenantId, entityId, name]);
}

/**
 * Backfills the next `batch` records (by id) of one building index and moves its resume point;
 * marks it ready when none remain. Records are read FOR SHARE: a concurrent update of one waits,
 * or is waited for and read as it committed; an entry a write already made for this declaration of
 * the index is left alone, one made for an earlier declaration of its name is written again.
 * Answers the index's state after it, or `busy` when another builder holds the index.
 */
export async function backfillBatch(tx: TenantTx, entityId: string, name: string, batch: number): Promise<'ready' | 'building' | 'busy'> {
  const [index] = await tx.query<{ buildAfter: string | null }>(
    `select build_after as "buildAfter" from entity_indexes
      where tenant_id = $1 and entity_id = $2 and name = $3 and state = 'building' for no key update skip locked`,
    [tx.tenantId, entityId, name],
  );
  if (!index) return 'busy';
  const [done] = await tx.query<{ n: number; last: string | null }>(
    `with batch as materialized (
       select r.id, r.data from records r
        where r.tenant_id = $1 and r.entity_id = $2 and ($4::uuid is null or r.id > $4::uuid)
        order by r.id limit $5 for share),
     written as (
       insert into record_index_entries as e (tenant_id, record_id, index_name, index_id, entity_id, k1t, k1f, k2t, k2f, k3t, k3f)
       select $1, b.id, $3, i.id, $2,
              tb_index_text(b.data, i.fields[1], i.kinds[1]), tb_index_number(b.data, i.fields[1], i.kinds[1]),
              tb_index_text(b.data, i.fields[2], i.kinds[2]), tb_index_number(b.data, i.fields[2], i.kinds[2]),
              tb_index_text(b.data, i.fields[3], i.kinds[3]), tb_index_number(b.data, i.fields[3], i.kinds[3])
         from batch b, entity_indexes i
        where i.tenant_id = $1 and i.entity_id = $2 and i.name = $3
       on conflict (tenant_id, record_id, index_name) do update
         set index_id = excluded.index_id,
             k1t = excluded.k1t, k1f = excluded.k1f, k2t = excluded.k2t, k2f = excluded.k2f, k3t = excluded.k3t, k3f = excluded.k3f
         where e.index_id <> excluded.index_id)
     select count(*)::int as n, (array_agg(id order by id desc))[1] as last from batch`,
    [tx.tenantId, entityId, name, index.buildAfter, batch],
  );
  const finished = (done?.n ?? 0) < batch;
  await tx.query(
    `update entity_indexes set build_after = coalesce($4::uuid, build_after), state = $5, updated_at = now()
      where tenant_id = $1 and entity_id = $2 and name = $3`,
    [tx.tenantId, entityId, name, done?.last ?? null, finished ? 'ready' : 'building'],
  );
  if (finished) await announceChange(tx, entitiesChangeKey(tx.tenantId));
  return finished ? 'ready' : 'building';
}

/** Marks an index failed with the reason (the builder gave up on it). */
export async function markFailed(tx: TenantTx, entityId: string, name: string, error: string): Promise<void> {
  await tx.query(
    `update entity_indexes set state = 'failed', build_error = $4, updated_at = now()
      where tenant_id = $1 and entity_id = $2 and name = $3 and state = 'building'`,
    [tx.tenantId, entityId, name, error.slice(0, 500)],
  );
  await announceChange(tx, entitiesChangeKey(tx.tenantId));
}

/** The building indexes of a tenant, for the builder. */
export async function listBuilding(tx: TenantTx): Promise<Array<{ entityId: string; name: string }>> {
  return tx.query(
    `select entity_id as "entityId", name from entity_indexes where tenant_id = $1 and state = 'building' order by updated_at`,
    [tx.tenantId],
  );
}

/**
 * Publish hook: the published version's indexes are made (state building) and those it no longer
 * has, or has with other fields, dropped with their entries. An entity of at most `inlineLimit`
 * records is backfilled here, in the publishing transaction (ready at once); a larger one is left
 * to the builder, which `schedule` wakes once the publish has committed.
 */
export function syncIndexesOnPublish(options: { inlineLimit: number; schedule: (tenantId: string) => void }): PublishHook {
  return async (tx: TenantTx, published: PublishedEntity) => {
    const wanted = effectiveIndexes(published.definition);
    const stored = new Map((await listStoredIndexes(tx, published.id)).map((i) => [i.name, i]));
    const created: string[] = [];
    for (const [name, index] of stored) {
      const next = wanted.find((w) => w.name === name);
      if (!next || !sameBuild(index, next)) await dropIndex(tx, published.id, name);
    }
    for (const index of wanted) {
      const old = stored.get(index.name);
      if (old && sameBuild(old, index)) continue;
      await tx.query(
        `insert into entity_indexes (tenant_id, entity_id, name, fields, kinds, state) values ($1, $2, $3, $4::text[], $5::text[], 'building')`,
        [tx.tenantId, published.id, index.name, index.fields, index.kinds],
      );
      created.push(index.name);
    }
    if (created.length === 0) return;
    const [count] = await tx.query<{ n: number }>(
      'select count(*)::int as n from (select 1 from records where tenant_id = $1 and entity_id = $2 limit $3) r',
      [tx.tenantId, published.id, options.inlineLimit + 1],
    );
    if ((count?.n ?? 0) <= options.inlineLimit) {
      for (const name of created) await backfillBatch(tx, published.id, name, options.inlineLimit + 1);
      return;
    }
    const tenantId = tx.tenantId;
    tx.afterCommit(() => options.schedule(tenantId));
  };
}
