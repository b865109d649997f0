import { announceChange } from '../../db/invalidation.js';
import type { TenantTx } from '../../db/with-tenant.js';
import { entitiesChangeKey } from '../entities/entity.repository.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import { effectiveIndexes, INDEX_SLOTS, sameBuild, slotColumns } from '../entities/indexes/index-definition.js';
import type { PublishHook } from '../entities/publish-hooks.js';
import { listStoredIndexes } from '../entities/indexes/index.repository.js';

/**
 * Declared indexes (migrations 017, 023, 024): `entity_indexes` holds the indexes of each entity's
 * published version with their build state, identity and slot; the keys of each live in that slot
 * of the records' own rows (columns ixN_k1t … ixN_k3f), which one partial btree per slot on
 * `records` orders. A trigger on `records` computes the keys of every index of the entity —
 * building or ready — as each record is written, whatever wrote it. This module makes and drops
 * indexes when a version is published and backfills the keys of existing records
 * (docs/entities.md, "Indexes").
 */

/**
 * Drops an index: its row goes, which frees its slot. The keys it left in the records' rows are
 * never read again: an index that takes the slot later is built over every record before it serves
 * a list.
 */
async function dropIndex(tx: TenantTx, entityId: string, name: string): Promise<void> {
  await tx.query('delete from entity_indexes where tenant_id = $1 and entity_id = $2 and name = $3', [tx.tenantId, entityId, name]);
}

/**
 * Backfills the next `batch` records (by id) of one building index — writes the keys of its slot
 * in their rows — and moves its resume point; marks it ready when none remain. The update takes
 * each record's latest version: a concurrent update of one waits, or is waited for and its keys
 * computed from the data it committed. Answers the index's state after it, or `busy` when another
 * builder holds the index.
 */
export async function backfillBatch(tx: TenantTx, entityId: string, name: string, batch: number): Promise<'ready' | 'building' | 'busy'> {
  const [index] = await tx.query<{ buildAfter: string | null; slot: number }>(
    `select build_after as "buildAfter", slot from entity_indexes
      where tenant_id = $1 and entity_id = $2 and name = $3 and state = 'building' for no key update skip locked`,
    [tx.tenantId, entityId, name],
  );
  if (!index) return 'busy';
  const { t, f } = slotColumns(index.slot);
  const keys = [1, 2, 3]
    .map(
      (p) =>
        `${t(p)} = tb_index_text(r.data, i.fields[${p}], i.kinds[${p}]), ${f(p)} = tb_index_number(r.data, i.fields[${p}], i.kinds[${p}])`,
    )
    .join(',\n           ');
  const [done] = await tx.query<{ n: number; last: string | null }>(
    `with batch as materialized (
       select r.id from records r
        where r.tenant_id = $1 and r.entity_id = $2 and ($4::uuid is null or r.id > $4::uuid)
        order by r.id limit $5),
     written as (
       update records r
          set ${keys}
         from batch b, entity_indexes i
        where r.tenant_id = $1 and r.id = b.id and i.tenant_id = $1 and i.entity_id = $2 and i.name = $3)
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
 * has, or has with other fields, dropped (their slots freed). An entity of at most `inlineLimit`
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
    // The slots the kept indexes hold; a new index takes the lowest free one (effectiveIndexes
    // wants at most INDEX_SLOTS indexes, so one is always free).
    const taken = new Set([...stored.values()].filter((i) => wanted.some((w) => w.name === i.name && sameBuild(i, w))).map((i) => i.slot));
    for (const index of wanted) {
      const old = stored.get(index.name);
      if (old && sameBuild(old, index)) continue;
      const slot = Array.from({ length: INDEX_SLOTS }, (_, i) => i + 1).find((s) => !taken.has(s));
      if (slot === undefined) throw new Error(`entity ${published.name} wants more than ${INDEX_SLOTS} indexes`);
      taken.add(slot);
      await tx.query(
        `insert into entity_indexes (tenant_id, entity_id, name, slot, fields, kinds, state)
         values ($1, $2, $3, $4, $5::text[], $6::text[], 'building')`,
        [tx.tenantId, published.id, index.name, slot, index.fields, index.kinds],
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
