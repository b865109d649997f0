import type { TenantTx } from '../../db/with-tenant.js';
import { AppError } from '../../errors.js';
import { updateRecord } from '../records/record.service.js';
import type { SaveHook, SaveState } from '../records/save-state.js';
import { cascade } from './cascade.js';
import type { CompiledEntityRules } from './engine/compiled.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A derived value of another entity's records that reads records of this entity: an aggregate
 * over them or a lookup into them. `links` pair a field of this entity's record (`source`) with
 * the field of the dependent record that must equal it (`target`); either may be `id`. `reads`
 * are the fields of this entity whose change can change the derived value.
 */
export interface Dependent {
  readonly entityId: string;
  readonly links: ReadonlyArray<{ readonly source: string; readonly target: string }>;
  readonly reads: readonly string[];
}

/** Every dependent of every entity, by the name of the entity whose records it reads. */
export function dependentsByEntity(byEntity: ReadonlyMap<string, CompiledEntityRules>): Map<string, Dependent[]> {
  const out = new Map<string, Dependent[]>();
  const add = (source: string, dependent: Dependent) => {
    let list = out.get(source);
    if (!list) out.set(source, (list = []));
    list.push(dependent);
  };
  for (const [entityId, compiled] of byEntity) {
    for (const { compute } of compiled.computes) {
      if (compute.kind === 'aggregate') {
        add(compute.entity, {
          entityId,
          links: compute.filter.map(([theirs, ours]) => ({ source: theirs, target: ours })),
          reads: [...compute.filter.map(([theirs]) => theirs), ...(compute.field ? [compute.field] : [])],
        });
      } else if (compute.kind === 'lookup') {
        add(compute.entity, {
          entityId,
          links: [{ source: compute.matchField, target: compute.matchValue }],
          reads: [compute.matchField, compute.resultField],
        });
      }
    }
  }
  return out;
}

type Values = Readonly<Record<string, unknown>>;

const valueOf = (record: Values, id: string, field: string) => (field === 'id' ? id : Object.hasOwn(record, field) ? record[field] : null);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The dependent records a version of the source record links to (none when a link is empty). */
async function linkedRecords(tx: TenantTx, dependent: Dependent, record: Values, id: string): Promise<string[]> {
  const pairs = dependent.links.map((l) => [l.target, valueOf(record, id, l.source)] as const);
  if (pairs.some(([, v]) => v === null || v === undefined || typeof v === 'object')) return [];
  const byId = pairs.find(([target]) => target === 'id');
  if (byId && (typeof byId[1] !== 'string' || !UUID.test(byId[1]))) return [];
  const data = Object.fromEntries(pairs.filter(([target]) => target !== 'id'));
  const rows = await tx.query<{ id: string }>(
    `select r.id from records r
      where r.tenant_id = $1 and r.entity_id = $2 and ($3::uuid is null or r.id = $3::uuid) and r.data @> $4::text::jsonb
      order by r.created_at, r.id`,
    [tx.tenantId, dependent.entityId, byId ? byId[1] : null, JSON.stringify(data)],
  );
  return rows.map((r) => r.id);
}

/**
 * After a record of this entity is created, updated, deleted or moved (a link changed), the
 * records whose aggregates count or sum it, or whose lookups copied from it, are saved again
 * through the pipeline, so their computes run with the new state (docs/rules.md "Derived values
 * stay true"). Both the old and the new links are followed. Each is a cascaded save (depth ≤ 5).
 */
export function recomputeDependents(dependents: readonly Dependent[], entityNames: ReadonlyMap<string, string>): SaveHook {
  return async (state: SaveState) => {
    const before = state.existing;
    const after = state.mode === 'delete' ? null : state.saved;
    const targets = new Map<string, Set<string>>();
    for (const dependent of dependents) {
      if (before && after && dependent.reads.every((f) => same(valueOf(before.data, before.id, f), valueOf(after.data, after.id, f))))
        continue;
      const ids = new Set<string>();
      if (before) for (const id of await linkedRecords(state.tx, dependent, before.data, before.id)) ids.add(id);
      if (after) for (const id of await linkedRecords(state.tx, dependent, after.data, after.id)) ids.add(id);
      let set = targets.get(dependent.entityId);
      if (!set) targets.set(dependent.entityId, (set = new Set()));
      for (const id of ids) set.add(id);
    }
    for (const [entityId, ids] of targets) {
      const name = entityNames.get(entityId);
      if (!name) continue;
      for (const id of ids) {
        if (state.mode !== 'delete' && id === state.saved?.id && entityId === state.entity.id) continue;
        await cascade(state.tx, `recomputing ${name} ${id}`, async () => {
          try {
            await updateRecord(state.tx, state.deps, name, id, {}, { warnings: state.warnings, actor: state.actor });
          } catch (error) {
            // The dependent entity may have been unpublished or the record removed meanwhile: nothing to keep true.
            if (error instanceof AppError && error.code === 'NOT_FOUND') return;
            throw error;
          }
        });
      }
    }
  };
}
