import { conflict, toolRef, validationError } from "../../errors.js";
import { checkIdentifier, checkRelations, normalizeDefinition, throwIfProblems } from "./definition.js";
import { insertDraft, insertEntity, insertPublishedVersion, listEntityStates } from "./entity.repository.js";
import { runPublishHooks } from "./publish-hooks.js";
import { canonicalJson } from "./schema-view.js";
import { exportRules, importRules } from "../rules/rule-metadata.js";
const METADATA_FORMAT = "tenantbase.metadata";
const METADATA_FORMAT_VERSION = 1;
const definitionOut = (d) => ({
  displayName: d.displayName,
  description: d.description,
  icon: d.icon,
  config: d.config,
  fields: d.fields
});
async function exportMetadata(tx) {
  const states = await listEntityStates(tx);
  return {
    format: METADATA_FORMAT,
    formatVersion: METADATA_FORMAT_VERSION,
    exportedAt: (/* @__PURE__ */ new Date()).toISOString(),
    entities: states.map((s) => {
      const main = s.published ?? s.draft;
      return {
        name: s.name,
        status: s.published ? "published" : "draft",
        version: main.version,
        versionMessage: s.published?.message ?? null,
        ...definitionOut(main.definition),
        ...s.published && s.draft ? { draft: { version: s.draft.version, ...definitionOut(s.draft.definition) } } : {}
      };
    }),
    rules: await exportRules(tx)
  };
}
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function readVersion(v, fallback, path, problems) {
  if (v === void 0 || v === null) return fallback;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1) problems.push({ field: path, message: "version must be a positive integer" });
  return typeof v === "number" ? v : fallback;
}
function readEntity(raw, path, problems) {
  if (!isObject(raw)) {
    problems.push({ field: path, message: `each entity must be an object as ${toolRef("export_metadata")} writes it` });
    return void 0;
  }
  const before = problems.length;
  if (!checkIdentifier(raw.name, "entity name", `${path}.name`, problems)) return void 0;
  const status = raw.status ?? "published";
  if (status !== "draft" && status !== "published")
    problems.push({ field: `${path}.status`, message: 'status must be "draft" or "published"' });
  const version = readVersion(raw.version, 1, `${path}.version`, problems);
  const { name, fields, draft, status: _s, version: _v, versionMessage, ...header } = raw;
  const main = normalizeDefinition({ entity: { name, ...header }, fields }, path, problems);
  let draftOut = null;
  if (draft !== void 0 && draft !== null) {
    if (status !== "published") problems.push({ field: `${path}.draft`, message: "only a published entity carries a separate draft" });
    const {
      fields: draftFields,
      version: draftVersion,
      ...draftHeader
    } = isObject(draft) ? draft : { fields: void 0, version: void 0 };
    const d = normalizeDefinition({ entity: { name, ...draftHeader }, fields: draftFields }, `${path}.draft`, problems);
    const n = readVersion(draftVersion, version + 1, `${path}.draft.version`, problems);
    if (n <= version)
      problems.push({ field: `${path}.draft.version`, message: `the draft version must be greater than the published version ${version}` });
    if (d) draftOut = { version: n, definition: d.definition };
  }
  if (problems.length > before || !main) return void 0;
  return {
    name,
    status,
    version,
    versionMessage: typeof versionMessage === "string" ? versionMessage : null,
    definition: main.definition,
    draft: draftOut
  };
}
const snapshotOf = (e) => canonicalJson(e);
const existingSnapshot = (s) => snapshotOf({ published: s.published?.definition ?? null, draft: s.draft?.definition ?? null });
const importedSnapshot = (e) => snapshotOf(
  e.status === "draft" ? { published: null, draft: e.definition } : { published: e.definition, draft: e.draft?.definition ?? null }
);
async function importMetadata(tx, onPublish, metadata) {
  let doc = metadata;
  if (typeof doc === "string") {
    try {
      doc = JSON.parse(doc);
    } catch {
      throw validationError(`metadata is not valid JSON; pass the object ${toolRef("export_metadata")} returned (or its JSON text)`, [
        { field: "metadata", message: "invalid JSON" }
      ]);
    }
  }
  if (!isObject(doc) || !Array.isArray(doc.entities)) {
    throw validationError(`metadata must be the result of ${toolRef("export_metadata")}: { entities: [...], rules: [...] }`, [
      { field: "metadata.entities", message: "an array is required" }
    ]);
  }
  if (doc.rules !== void 0 && !Array.isArray(doc.rules)) {
    throw validationError("metadata.rules must be an array", [{ field: "metadata.rules", message: "an array is required" }]);
  }
  const problems = [];
  const entities = doc.entities.map((raw, i) => readEntity(raw, `metadata.entities.${i}`, problems));
  const seen = /* @__PURE__ */ new Set();
  entities.forEach((e, i) => {
    if (e && seen.has(e.name))
      problems.push({ field: `metadata.entities.${i}.name`, message: `entity "${e.name}" appears twice in the import` });
    if (e) seen.add(e.name);
  });
  throwIfProblems(problems, "Invalid metadata");
  const imported = entities;
  const existing = new Map((await listEntityStates(tx)).map((s) => [s.name, s]));
  const known = /* @__PURE__ */ new Set([...existing.keys(), ...seen]);
  imported.forEach((e, i) => {
    checkRelations(e.definition, known, `metadata.entities.${i}`, problems);
    if (e.draft) checkRelations(e.draft.definition, known, `metadata.entities.${i}.draft`, problems);
  });
  throwIfProblems(problems, "Invalid metadata");
  const conflicts = [];
  const toCreate = [];
  const unchanged = [];
  imported.forEach((e, i) => {
    const current = existing.get(e.name);
    if (!current) toCreate.push(e);
    else if (existingSnapshot(current) === importedSnapshot(e)) unchanged.push(e.name);
    else {
      conflicts.push({
        field: `metadata.entities.${i}`,
        entity: e.name,
        message: `entity "${e.name}" already exists with a different definition; delete it (${toolRef("delete_entity")}), or rename it in the metadata, then import again`
      });
    }
  });
  if (conflicts.length) {
    throw conflict(
      `Import refused, nothing was written: ${conflicts.length} entit${conflicts.length === 1 ? "y conflicts" : "ies conflict"} with existing ones (${conflicts.map((c) => c.entity).join(", ")}); delete ${conflicts.length === 1 ? "it" : "them"} (${toolRef("delete_entity")}) or rename ${conflicts.length === 1 ? "it" : "them"} in the metadata, then import again`,
      conflicts
    );
  }
  for (const e of toCreate) {
    const id = await insertEntity(tx, e.name);
    if (e.status === "draft") {
      await insertDraft(tx, id, e.version, e.definition);
      continue;
    }
    await insertPublishedVersion(tx, id, e.version, e.definition, e.versionMessage);
    await runPublishHooks(tx, onPublish, { id, name: e.name, version: e.version, definition: e.definition }, null);
    if (e.draft) await insertDraft(tx, id, e.draft.version, e.draft.definition);
  }
  const rules = await importRules(tx, Array.isArray(doc.rules) ? doc.rules : []);
  const notes = rules.unchanged ? [`${rules.unchanged} business rule(s) already existed identically and were left alone`] : [];
  return {
    success: true,
    message: `Imported ${toCreate.length} entit${toCreate.length === 1 ? "y" : "ies"} and ${rules.imported} business rule(s); ${unchanged.length} entit${unchanged.length === 1 ? "y" : "ies"} already existed unchanged`,
    created: toCreate.map((e) => e.name),
    unchanged,
    rulesImported: rules.imported,
    rulesIgnored: rules.unchanged,
    notes
  };
}
export {
  METADATA_FORMAT,
  METADATA_FORMAT_VERSION,
  exportMetadata,
  importMetadata
};
//# sourceMappingURL=metadata.service.js.map
