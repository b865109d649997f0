import { notFound, toolRef, validationError } from "../../errors.js";
import { findPublishedEntityCached } from "../entities/published-entity.cache.js";
import { relatedEntityOf, UUID_PATTERN } from "./field-values.js";
import { buildListSql } from "./list-query.js";
import { recordValidationError, unknownKeyDetails } from "./record-schema.js";
import { deleteRecordRow, findRecordById, findRecordsByIds, RECORD_COLUMNS } from "./record.repository.js";
import { runSavePipeline } from "./save-pipeline.js";
import { visibleRecord } from "./visible-data.js";
import { embeddingSearch, trigramSearch } from "./semantic-search.js";
async function loadEntity(tx, entities, name) {
  const found = await findPublishedEntityCached(tx, entities, name);
  if (!found) {
    throw notFound(
      `Entity "${name}" not found. Entity names are lowercase with underscores; call ${toolRef("list_entities")} to see the valid names`
    );
  }
  if ("draftOnly" in found) throw notFound(`Entity "${name}" is a draft; publish it first (${toolRef("publish_entity")})`);
  return found;
}
const recordNotFound = (entity, id) => notFound(`No ${entity} record with id ${id}`);
function checkId(id) {
  if (!UUID_PATTERN.test(id)) {
    throw validationError(`id: "${id.slice(0, 80)}" is not a UUID`, [{ field: "id", message: "must be a UUID" }]);
  }
}
async function resolveRelations(tx, entities, definition, records) {
  const relations = definition.fields.filter((f) => f.fieldType === "relation");
  if (relations.length === 0 || records.length === 0) return;
  const ids = /* @__PURE__ */ new Set();
  for (const r of records) for (const f of relations) if (typeof r.data[f.fieldKey] === "string") ids.add(r.data[f.fieldKey]);
  const [found, ...targetEntities] = await Promise.all([
    findRecordsByIds(
      tx,
      [...ids].filter((id) => UUID_PATTERN.test(id))
    ),
    ...relations.map((f) => {
      const target = relatedEntityOf(f);
      return target ? findPublishedEntityCached(tx, entities, target) : Promise.resolve(null);
    })
  ]);
  const targets = new Map(found.map((t) => [t.id, t]));
  relations.forEach((f, i) => {
    const target = targetEntities[i];
    const shown = target && "definition" in target ? target.definition : null;
    for (const r of records) {
      const id = r.data[f.fieldKey];
      if (typeof id !== "string") continue;
      const record = targets.get(id);
      r.data[f.fieldKey] = record ? shown ? visibleRecord(shown, record) : record : null;
    }
  });
}
async function loadEntityAndRecord(tx, entities, entityName, id, forUpdate) {
  checkId(id);
  const [entity, record] = await Promise.all([loadEntity(tx, entities, entityName), findRecordById(tx, id, { forUpdate })]);
  if (!record || record.entityId !== entity.id) throw recordNotFound(entity.name, id);
  return { entity, record };
}
async function getRecord(tx, entities, entityName, id, resolve) {
  const { entity, record: stored } = await loadEntityAndRecord(tx, entities, entityName, id, false);
  const record = visibleRecord(entity.definition, stored);
  if (resolve) await resolveRelations(tx, entities, entity.definition, [record]);
  return record;
}
async function listRecords(tx, entities, entity, query, resolve) {
  const sql = buildListSql(entity.definition, query, 5);
  const scope = "r.tenant_id = $1 and r.entity_id = $2";
  const params = [tx.tenantId, entity.id, query.limit, (query.page - 1) * query.limit, ...sql.params];
  const rows = sql.where === "" ? await tx.query(
    `select c.total, p.* from (select count(*)::int as total from records r where ${scope}) c
             left join lateral (
               select ${RECORD_COLUMNS} from records r where ${scope}
                order by ${sql.orderBy} limit $3 offset $4
             ) p on true`,
    params
  ) : await tx.query(
    `select (count(*) over ())::int as total, ${RECORD_COLUMNS} from records r where ${scope}${sql.where}
            order by ${sql.orderBy} limit $3 offset $4`,
    params
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && sql.where !== "" && query.page > 1) {
    const counted = buildListSql(entity.definition, query, 3);
    const [count] = await tx.query(`select count(*)::int as total from records r where ${scope}${counted.where}`, [
      tx.tenantId,
      entity.id,
      ...counted.params
    ]);
    total = Number(count?.total ?? 0);
  }
  const data = rows.filter((r) => r.id !== null).map(
    ({ id, entityId, name, data: data2, createdAt, updatedAt }) => visibleRecord(entity.definition, { id, entityId, name, data: data2, createdAt, updatedAt })
  );
  if (resolve) await resolveRelations(tx, entities, entity.definition, data);
  return { data, total, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) };
}
async function save(tx, deps, entity, existing, input, options) {
  const unknown = unknownKeyDetails(entity.definition, input);
  if (unknown.length) throw recordValidationError(unknown);
  const hooks = await deps.saveHooks(tx, entity);
  return runSavePipeline({
    tx,
    entity,
    mode: existing ? "update" : "create",
    existing,
    input,
    values: {},
    saved: null,
    hooks,
    deps,
    endsTransaction: options.endsTransaction ?? false,
    warnings: options.warnings ?? [],
    actor: options.actor ?? null
  });
}
function createRecord(tx, deps, entity, data, options = {}) {
  return save(tx, deps, entity, null, data, options);
}
async function updateRecord(tx, deps, entityName, id, data, options = {}) {
  const { entity, record: existing } = await loadEntityAndRecord(tx, deps.entities, entityName, id, true);
  return save(tx, deps, entity, existing, data, options);
}
async function deleteRecord(tx, entity, id, deps, options = {}) {
  checkId(id);
  const gone = await deleteRecordRow(tx, entity.id, id);
  if (!gone) throw recordNotFound(entity.name, id);
  if (deps) {
    const hooks = await deps.saveHooks(tx, entity);
    const state = {
      tx,
      entity,
      mode: "delete",
      existing: gone,
      input: {},
      values: {},
      saved: null,
      hooks,
      deps,
      endsTransaction: false,
      warnings: options.warnings ?? [],
      actor: options.actor ?? null
    };
    for (const hook of hooks.afterDelete) await hook(state);
  }
  return { id, deleted: true };
}
async function searchRecordsSemantic(tx, entity, query, embeddings) {
  const found = await (embeddings ? embeddingSearch(tx, entity, embeddings, query) : trigramSearch(tx, entity, query));
  return found.map((r) => visibleRecord(entity.definition, r));
}
export {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  loadEntity,
  resolveRelations,
  searchRecordsSemantic,
  updateRecord
};
//# sourceMappingURL=record.service.js.map
