import type { TenantTx } from '../../db/with-tenant.js';
import { AppError } from '../../errors.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import { createRecord, loadEntity } from '../records/record.service.js';
import type { RecordDeps, SaveActor, SaveWarning } from '../records/save-state.js';
import type { Prebuild } from './prebuild.schema.js';

/** Whether any of these entities holds a record. */
async function anyRecordIn(tx: TenantTx, entityIds: readonly string[]): Promise<boolean> {
  const [row] = await tx.query<{ found: boolean }>(
    'select exists (select 1 from records where tenant_id = $1 and entity_id = any($2::uuid[])) as found',
    [tx.tenantId, entityIds],
  );
  return row?.found === true;
}

export type SampleDataOutcome = { created: Record<string, number> } | { skipped: string };

/**
 * Creates the prebuild's sample records in file order, each through the records' save pipeline
 * (its rules compute, validate and keep derived values true), with relation fields filled from
 * the ids of the earlier records their `refs` name. Idempotent by a simple rule: sample data goes
 * only into entities that are all empty; otherwise nothing is created and the outcome says why.
 */
export async function installSampleData(
  tx: TenantTx,
  deps: RecordDeps,
  prebuild: Prebuild,
  actor: SaveActor | null,
): Promise<SampleDataOutcome> {
  const entities = new Map<string, PublishedEntity>();
  for (const e of prebuild.entities) entities.set(e.name, await loadEntity(tx, deps.entities, e.name));
  if (
    await anyRecordIn(
      tx,
      [...entities.values()].map((e) => e.id),
    )
  ) {
    return {
      skipped: `Sample data skipped: the entities of ${prebuild.name} already hold records (sample data only goes into empty entities)`,
    };
  }
  const ids = new Map<string, string>();
  const created: Record<string, number> = Object.fromEntries(prebuild.entities.map((e) => [e.name, 0]));
  const warnings: SaveWarning[] = [];
  for (const [i, sample] of prebuild.sampleData.entries()) {
    const data: Record<string, unknown> = { ...sample.data };
    for (const [field, ref] of Object.entries(sample.refs ?? {})) data[field] = ids.get(ref);
    let saved;
    try {
      saved = await createRecord(tx, deps, entities.get(sample.entity)!, data, { actor, warnings });
    } catch (error) {
      // Only a tenant's own changes to the prebuild's rules can refuse its sample data; say which record.
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, `Sample record ${i} of ${prebuild.name} (${sample.entity}): ${error.message}`, error.details);
    }
    if (sample.ref) ids.set(sample.ref, saved.id);
    created[sample.entity] = (created[sample.entity] ?? 0) + 1;
  }
  return { created };
}
