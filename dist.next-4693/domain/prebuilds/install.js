import { AppError } from "../../errors.js";
import { importMetadata } from "../entities/metadata.service.js";
import { maybeDryRun } from "./dry-run.js";
import { installSampleData } from "./sample-data.js";
const prebuildMetadata = (p) => ({
  entities: p.entities.map((e) => ({ ...e, status: "published", version: 1, versionMessage: `Prebuild ${p.name}` })),
  rules: p.rules.map((r) => ({ ...r, triggerFields: r.triggerFields ?? [], status: "published" }))
});
async function installPrebuild(tx, deps, prebuild, options) {
  return maybeDryRun(tx, options.dryRun, async () => {
    let imported;
    try {
      imported = await importMetadata(tx, deps.onPublish, prebuildMetadata(prebuild));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, `Prebuild ${prebuild.name}: ${error.message}`, error.details);
    }
    const notes = [...imported.notes];
    let sampleRecords = {};
    if (options.sampleData) {
      const outcome = await installSampleData(tx, deps.records, prebuild, options.actor);
      if ("skipped" in outcome) notes.push(outcome.skipped);
      else sampleRecords = outcome.created;
    }
    const records = Object.values(sampleRecords).reduce((a, b) => a + b, 0);
    const verb = options.dryRun ? "Would install" : "Installed";
    return {
      ...imported,
      message: `${verb} prebuild ${prebuild.name}: ${imported.created.length} new entit${imported.created.length === 1 ? "y" : "ies"}, ${imported.rulesImported} new business rule(s), ${records} sample record(s); ${imported.unchanged.length} entit${imported.unchanged.length === 1 ? "y" : "ies"} already existed unchanged`,
      notes,
      prebuild: prebuild.name,
      dryRun: options.dryRun,
      sampleRecords
    };
  });
}
export {
  installPrebuild,
  prebuildMetadata
};
//# sourceMappingURL=install.js.map
