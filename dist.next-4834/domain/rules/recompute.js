import { AppError } from "../../errors.js";
import { updateRecord } from "../records/record.service.js";
import { cascade } from "./cascade.js";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function dependentsByEntity(byEntity) {
  const out = /* @__PURE__ */ new Map();
  const add = (source, dependent) => {
    let list = out.get(source);
    if (!list) out.set(source, list = []);
    list.push(dependent);
  };
  for (const [entityId, compiled] of byEntity) {
    for (const { compute } of compiled.computes) {
      if (compute.kind === "aggregate") {
        add(compute.entity, {
          entityId,
          links: compute.filter.map(([theirs, ours]) => ({ source: theirs, target: ours })),
          reads: [...compute.filter.map(([theirs]) => theirs), ...compute.field ? [compute.field] : []]
        });
      } else if (compute.kind === "lookup") {
        add(compute.entity, {
          entityId,
          links: [{ source: compute.matchField, target: compute.matchValue }],
          reads: [compute.matchField, compute.resultField]
        });
      }
    }
  }
  return out;
}
const valueOf = (record, id, field) => field === "id" ? id : Object.hasOwn(record, field) ? record[field] : null;
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
async function linkedRecords(tx, dependent, record, id) {
  const pairs = dependent.links.map((l) => [l.target, valueOf(record, id, l.source)]);
  if (pairs.some(([, v]) => v === null || v === void 0 || typeof v === "object")) return [];
  const byId = pairs.find(([target]) => target === "id");
  if (byId && (typeof byId[1] !== "string" || !UUID.test(byId[1]))) return [];
  const data = Object.fromEntries(pairs.filter(([target]) => target !== "id"));
  const rows = await tx.query(
    `select r.id from records r
      where r.tenant_id = $1 and r.entity_id = $2 and ($3::uuid is null or r.id = $3::uuid) and r.data @> $4::text::jsonb
      order by r.created_at, r.id`,
    [tx.tenantId, dependent.entityId, byId ? byId[1] : null, JSON.stringify(data)]
  );
  return rows.map((r) => r.id);
}
function recomputeDependents(dependents, entityNames) {
  return async (state) => {
    const before = state.existing;
    const after = state.mode === "delete" ? null : state.saved;
    const targets = /* @__PURE__ */ new Map();
    for (const dependent of dependents) {
      if (before && after && dependent.reads.every((f) => same(valueOf(before.data, before.id, f), valueOf(after.data, after.id, f))))
        continue;
      const ids = /* @__PURE__ */ new Set();
      if (before) for (const id of await linkedRecords(state.tx, dependent, before.data, before.id)) ids.add(id);
      if (after) for (const id of await linkedRecords(state.tx, dependent, after.data, after.id)) ids.add(id);
      let set = targets.get(dependent.entityId);
      if (!set) targets.set(dependent.entityId, set = /* @__PURE__ */ new Set());
      for (const id of ids) set.add(id);
    }
    for (const [entityId, ids] of targets) {
      const name = entityNames.get(entityId);
      if (!name) continue;
      for (const id of ids) {
        if (state.mode !== "delete" && id === state.saved?.id && entityId === state.entity.id) continue;
        await cascade(state.tx, `recomputing ${name} ${id}`, async () => {
          try {
            await updateRecord(state.tx, state.deps, name, id, {}, { warnings: state.warnings, actor: state.actor });
          } catch (error) {
            if (error instanceof AppError && error.code === "NOT_FOUND") return;
            throw error;
          }
        });
      }
    }
  };
}
export {
  dependentsByEntity,
  recomputeDependents
};
//# sourceMappingURL=recompute.js.map
