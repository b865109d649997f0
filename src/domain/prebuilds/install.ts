import type { TenantTx } from '../../db/with-tenant.js';
import { AppError } from '../../errors.js';
import { importMetadata } from '../entities/metadata.service.js';
import type { PublishHook } from '../entities/publish-hooks.js';
import type { RecordDeps, SaveActor } from '../records/save-state.js';
import { maybeDryRun } from './dry-run.js';
import type { Prebuild } from './prebuild.schema.js';
import { installSampleData } from './sample-data.js';

export interface PrebuildInstallDeps {
  readonly onPublish: readonly PublishHook[];
  readonly records: RecordDeps;
}

export interface PrebuildInstallOptions {
  readonly sampleData: boolean;
  readonly dryRun: boolean;
  readonly actor: SaveActor | null;
}

/** The prebuild as an export_metadata document: every entity published (version 1), every rule published. */
export const prebuildMetadata = (p: Prebuild) => ({
  entities: p.entities.map((e) => ({ ...e, status: 'published', version: 1, versionMessage: `Prebuild ${p.name}` })),
  rules: p.rules.map((r) => ({ ...r, triggerFields: r.triggerFields ?? [], status: 'published' })),
});

/**
 * Installs a prebuild in the caller's transaction: its entities and rules through the metadata
 * import (identical ones left alone, a different existing entity a CONFLICT naming it, nothing
 * written), then — when asked — its sample data. `dryRun` answers the same and keeps nothing.
 */
export async function installPrebuild(tx: TenantTx, deps: PrebuildInstallDeps, prebuild: Prebuild, options: PrebuildInstallOptions) {
  return maybeDryRun(tx, options.dryRun, async () => {
    let imported: Awaited<ReturnType<typeof importMetadata>>;
    try {
      imported = await importMetadata(tx, deps.onPublish, prebuildMetadata(prebuild));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, `Prebuild ${prebuild.name}: ${error.message}`, error.details);
    }
    const notes = [...imported.notes];
    let sampleRecords: Record<string, number> = {};
    if (options.sampleData) {
      const outcome = await installSampleData(tx, deps.records, prebuild, options.actor);
      if ('skipped' in outcome) notes.push(outcome.skipped);
      else sampleRecords = outcome.created;
    }
    const records = Object.values(sampleRecords).reduce((a, b) => a + b, 0);
    const verb = options.dryRun ? 'Would install' : 'Installed';
    return {
      ...imported,
      message: `${verb} prebuild ${prebuild.name}: ${imported.created.length} new entit${imported.created.length === 1 ? 'y' : 'ies'}, ${imported.rulesImported} new business rule(s), ${records} sample record(s); ${imported.unchanged.length} entit${imported.unchanged.length === 1 ? 'y' : 'ies'} already existed unchanged`,
      notes,
      prebuild: prebuild.name,
      dryRun: options.dryRun,
      sampleRecords,
    };
  });
}
