import { AppError } from "../../errors.js";
import { createRecord, loadEntity } from "../records/record.service.js";
async function anyRecordIn(tx, entityIds) {
  const [row] = await tx.query(
    "select exists (select 1 from records where tenant_id = $1 and entity_id = any($2::uuid[])) as found",
    [tx.tenantId, entityIds]
  );
  return row?.found === true;
}
async function installSampleData(tx, deps, prebuild, actor) {
  const entities = /* @__PURE__ */ new Map();
  for (const e of prebuild.entities) entities.set(e.name, await loadEntity(tx, deps.entities, e.name));
  if (await anyRecordIn(
    tx,
    [...entities.values()].map((e) => e.id)
  )) {
    return {
      skipped: `Sample data skipped: the entities of ${prebuild.name} already hold records (sample data only goes into empty entities)`
    };
  }
  const ids = /* @__PURE__ */ new Map();
  const created = Object.fromEntries(prebuild.entities.map((e) => [e.name, 0]));
  const warnings = [];
  for (const [i, sample] of prebuild.sampleData.entries()) {
    const data = { ...sample.data };
    for (const [field, ref] of Object.entries(sample.refs ?? {})) data[field] = ids.get(ref);
    let saved;
    try {
      saved = await createRecord(tx, deps, entities.get(sample.entity), data, { actor, warnings });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, `Sample record ${i} of ${prebuild.name} (${sample.entity}): ${error.message}`, error.details);
    }
    if (sample.ref) ids.set(sample.ref, saved.id);
    created[sample.entity] = (created[sample.entity] ?? 0) + 1;
  }
  return { created };
}
export {
  installSampleData
};
//# sourceMappingURL=sample-data.js.map
