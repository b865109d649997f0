import { z } from "zod";
import { exportMetadata as exportAll, importMetadata as importAll } from "../domain/entities/metadata.service.js";
import { principalActor } from "../domain/access/principal.js";
import { findPrebuild, prebuildNames } from "../domain/prebuilds/catalog.js";
import { maybeDryRun } from "../domain/prebuilds/dry-run.js";
import { installPrebuild } from "../domain/prebuilds/install.js";
import { toolRef, validationError } from "../errors.js";
import { recordDeps } from "../services.js";
import { bind, defineTenantOperation } from "./core/operation.js";
import { metadataExportOutput, metadataImportOutput } from "./schemas/entities.js";
const metadataDocument = z.union([z.record(z.string(), z.unknown()), z.string()]);
const exportMetadata = defineTenantOperation({
  name: "export_metadata",
  title: "Export metadata",
  description: `Exports the tenant's data model as JSON, e.g. { format, formatVersion, exportedAt, entities: [{ name, status, version, displayName, fields, \u2026 }], rules }. Pass it to ${toolRef("import_metadata")} to copy the model to another tenant.`,
  input: z.object({}),
  output: metadataExportOutput,
  mode: "read",
  idempotent: true,
  profile: "advanced",
  tool: true,
  access: { tenant: "schema.read" },
  rest: [bind({ method: "GET", path: "/api/metadata/export" })],
  run: (ctx) => exportAll(ctx.tx)
});
const importInput = z.object({
  metadata: metadataDocument.optional().describe("An export_metadata result"),
  prebuild: z.string().max(100).optional().describe(`A prebuild instead: ${prebuildNames().join(" | ")}`),
  sampleData: z.boolean().optional().describe("With prebuild: also its sample records (only into empty entities)"),
  dryRun: z.boolean().optional().describe("Answer what would change; write nothing")
});
const importOutput = metadataImportOutput.extend({
  dryRun: z.boolean(),
  prebuild: z.string().optional(),
  sampleRecords: z.record(z.string(), z.number().int()).optional()
});
const importBody = z.looseObject({
  metadata: metadataDocument.optional(),
  prebuild: z.string().max(100).optional(),
  sampleData: z.boolean().optional(),
  dryRun: z.boolean().optional()
});
const fromImportBody = (body) => {
  const { metadata, prebuild, sampleData, dryRun } = body;
  if ("metadata" in body || "prebuild" in body) return { metadata, prebuild, sampleData, dryRun };
  return { metadata: body };
};
async function runImport(ctx, input) {
  const dryRun = input.dryRun ?? false;
  if (input.prebuild !== void 0) {
    if (input.metadata !== void 0) {
      throw validationError("Give metadata or prebuild, not both", [{ field: "prebuild", message: "not with metadata" }]);
    }
    const prebuild = findPrebuild(input.prebuild);
    return installPrebuild(ctx.tx, { onPublish: ctx.services.hooks.onPublish, records: recordDeps(ctx.services) }, prebuild, {
      sampleData: input.sampleData ?? false,
      dryRun,
      actor: principalActor(ctx.principal)
    });
  }
  if (input.metadata === void 0) {
    throw validationError(
      `metadata is required: pass the result of ${toolRef("export_metadata")}, or a prebuild (${prebuildNames().join(", ")})`,
      [{ field: "metadata", message: "required" }]
    );
  }
  if (input.sampleData !== void 0) {
    throw validationError("sampleData goes with a prebuild; an export carries no records", [
      { field: "sampleData", message: "only with prebuild" }
    ]);
  }
  const metadata = input.metadata;
  const result = await maybeDryRun(ctx.tx, dryRun, () => importAll(ctx.tx, ctx.services.hooks.onPublish, metadata));
  return { ...result, dryRun };
}
const importMetadata = defineTenantOperation({
  name: "import_metadata",
  title: "Import metadata",
  description: `Imports an ${toolRef("export_metadata")} result, e.g. { "metadata": <export> }, or installs a prebuild, e.g. { "prebuild": "tienda", "sampleData": true } (${toolRef("list_prebuilds")}). Creates what is missing, leaves identical entities and rules alone; a different existing entity is a CONFLICT and nothing is written.`,
  input: importInput,
  output: importOutput,
  mode: "write",
  idempotent: true,
  profile: "advanced",
  tool: true,
  access: { tenant: "schema.write" },
  rest: [
    bind({
      method: "POST",
      path: "/api/metadata/import",
      description: "Imports an export (GET /api/metadata/export) sent as the body or as { metadata }, or installs a prebuild: { prebuild, sampleData? } (GET /api/prebuilds); dryRun: true writes nothing.",
      body: importBody.describe("The export document itself, { metadata: <export> }, or { prebuild, sampleData? }; each with dryRun?"),
      map: ({ body }) => fromImportBody(body)
    }),
    bind({
      method: "POST",
      path: "/api/prebuilds/:name/install",
      description: "Installs the prebuild (GET /api/prebuilds): its entities, published rules and, with sampleData, its sample records.",
      params: z.object({ name: z.string().max(100).describe("Prebuild name") }),
      body: z.object({ sampleData: z.boolean().optional(), dryRun: z.boolean().optional() }),
      bodyOptional: true,
      map: ({ params, body }) => ({ prebuild: params.name, sampleData: body?.sampleData, dryRun: body?.dryRun })
    })
  ],
  run: runImport
});
export {
  exportMetadata,
  importMetadata
};
//# sourceMappingURL=metadata.js.map
