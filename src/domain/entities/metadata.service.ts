import type { TenantTx } from '../../db/with-tenant.js';
import { conflict, toolRef, validationError } from '../../errors.js';
import { checkIdentifier, checkRelations, normalizeDefinition, throwIfProblems, type Problems } from './definition.js';
import { insertDraft, insertEntity, insertPublishedVersion, listEntityStates, type EntityState } from './entity.repository.js';
import type { EntityDefinition } from './entity.types.js';
import { runPublishHooks, type PublishHook } from './publish-hooks.js';
import { canonicalJson } from './schema-view.js';
import { exportRules, importRules } from '../rules/rule-metadata.js';

export const METADATA_FORMAT = 'tenantbase.metadata';
export const METADATA_FORMAT_VERSION = 1;

const definitionOut = (d: EntityDefinition) => ({
  displayName: d.displayName,
  description: d.description,
  icon: d.icon,
  config: d.config,
  fields: d.fields,
  ...(d.indexes?.length ? { indexes: d.indexes } : {}),
});

/** Every entity of the tenant (published version and pending draft), and its business rules, as one JSON document. */
export async function exportMetadata(tx: TenantTx) {
  const states = await listEntityStates(tx);
  return {
    format: METADATA_FORMAT,
    formatVersion: METADATA_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    entities: states.map((s) => {
      const main = s.published ?? s.draft!;
      return {
        name: s.name,
        status: s.published ? ('published' as const) : ('draft' as const),
        version: main.version,
        versionMessage: s.published?.message ?? null,
        ...definitionOut(main.definition),
        ...(s.published && s.draft ? { draft: { version: s.draft.version, ...definitionOut(s.draft.definition) } } : {}),
      };
    }),
    rules: await exportRules(tx),
  };
}

interface ImportedEntity {
  name: string;
  status: 'draft' | 'published';
  version: number;
  versionMessage: string | null;
  definition: EntityDefinition;
  draft: { version: number; definition: EntityDefinition } | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readVersion(v: unknown, fallback: number, path: string, problems: Problems): number {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) problems.push({ field: path, message: 'version must be a positive integer' });
  return typeof v === 'number' ? v : fallback;
}

function readEntity(raw: unknown, path: string, problems: Problems): ImportedEntity | undefined {
  if (!isObject(raw)) {
    problems.push({ field: path, message: `each entity must be an object as ${toolRef('export_metadata')} writes it` });
    return undefined;
  }
  const before = problems.length;
  if (!checkIdentifier(raw.name, 'entity name', `${path}.name`, problems)) return undefined;
  const status = raw.status ?? 'published';
  if (status !== 'draft' && status !== 'published')
    problems.push({ field: `${path}.status`, message: 'status must be "draft" or "published"' });
  const version = readVersion(raw.version, 1, `${path}.version`, problems);
  const { name, fields, indexes, draft, status: _s, version: _v, versionMessage, ...header } = raw;
  const main = normalizeDefinition({ entity: { name, ...header }, fields, indexes }, path, problems);
  let draftOut: ImportedEntity['draft'] = null;
  if (draft !== undefined && draft !== null) {
    if (status !== 'published') problems.push({ field: `${path}.draft`, message: 'only a published entity carries a separate draft' });
    const {
      fields: draftFields,
      indexes: draftIndexes,
      version: draftVersion,
      ...draftHeader
    } = isObject(draft) ? draft : { fields: undefined, indexes: undefined, version: undefined };
    const d = normalizeDefinition(
      { entity: { name, ...draftHeader }, fields: draftFields, indexes: draftIndexes },
      `${path}.draft`,
      problems,
    );
    const n = readVersion(draftVersion, version + 1, `${path}.draft.version`, problems);
    if (n <= version)
      problems.push({ field: `${path}.draft.version`, message: `the draft version must be greater than the published version ${version}` });
    if (d) draftOut = { version: n, definition: d.definition };
  }
  if (problems.length > before || !main) return undefined;
  return {
    name: name as string,
    status: status as 'draft' | 'published',
    version,
    versionMessage: typeof versionMessage === 'string' ? versionMessage : null,
    definition: main.definition,
    draft: draftOut,
  };
}

/** What an entity looks like for the idempotency check: definitions, not version numbers. */
const snapshotOf = (e: { published: EntityDefinition | null; draft: EntityDefinition | null }) => canonicalJson(e);
const existingSnapshot = (s: EntityState) => snapshotOf({ published: s.published?.definition ?? null, draft: s.draft?.definition ?? null });
const importedSnapshot = (e: ImportedEntity) =>
  snapshotOf(
    e.status === 'draft' ? { published: null, draft: e.definition } : { published: e.definition, draft: e.draft?.definition ?? null },
  );

/**
 * Imports an `export_metadata` document. Entities that already exist identically are left alone
 * (importing twice changes nothing); an existing entity that differs is a conflict, and then
 * nothing is written.
 */
export async function importMetadata(tx: TenantTx, onPublish: readonly PublishHook[], metadata: unknown) {
  let doc = metadata;
  if (typeof doc === 'string') {
    try {
      doc = JSON.parse(doc);
    } catch {
      throw validationError(`metadata is not valid JSON; pass the object ${toolRef('export_metadata')} returned (or its JSON text)`, [
        { field: 'metadata', message: 'invalid JSON' },
      ]);
    }
  }
  if (!isObject(doc) || !Array.isArray(doc.entities)) {
    throw validationError(`metadata must be the result of ${toolRef('export_metadata')}: { entities: [...], rules: [...] }`, [
      { field: 'metadata.entities', message: 'an array is required' },
    ]);
  }
  if (doc.rules !== undefined && !Array.isArray(doc.rules)) {
    throw validationError('metadata.rules must be an array', [{ field: 'metadata.rules', message: 'an array is required' }]);
  }
  const problems: Problems = [];
  const entities = doc.entities.map((raw, i) => readEntity(raw, `metadata.entities.${i}`, problems));
  const seen = new Set<string>();
  entities.forEach((e, i) => {
    if (e && seen.has(e.name))
      problems.push({ field: `metadata.entities.${i}.name`, message: `entity "${e.name}" appears twice in the import` });
    if (e) seen.add(e.name);
  });
  throwIfProblems(problems, 'Invalid metadata');
  const imported = entities as ImportedEntity[];

  const existing = new Map((await listEntityStates(tx)).map((s) => [s.name, s]));
  const known = new Set([...existing.keys(), ...seen]);
  imported.forEach((e, i) => {
    checkRelations(e.definition, known, `metadata.entities.${i}`, problems);
    if (e.draft) checkRelations(e.draft.definition, known, `metadata.entities.${i}.draft`, problems);
  });
  throwIfProblems(problems, 'Invalid metadata');

  const conflicts: Problems = [];
  const toCreate: ImportedEntity[] = [];
  const unchanged: string[] = [];
  imported.forEach((e, i) => {
    const current = existing.get(e.name);
    if (!current) toCreate.push(e);
    else if (existingSnapshot(current) === importedSnapshot(e)) unchanged.push(e.name);
    else {
      conflicts.push({
        field: `metadata.entities.${i}`,
        entity: e.name,
        message: `entity "${e.name}" already exists with a different definition; delete it (${toolRef('delete_entity')}), or rename it in the metadata, then import again`,
      });
    }
  });
  if (conflicts.length) {
    throw conflict(
      `Import refused, nothing was written: ${conflicts.length} entit${conflicts.length === 1 ? 'y conflicts' : 'ies conflict'} with existing ones (${conflicts.map((c) => c.entity).join(', ')}); delete ${conflicts.length === 1 ? 'it' : 'them'} (${toolRef('delete_entity')}) or rename ${conflicts.length === 1 ? 'it' : 'them'} in the metadata, then import again`,
      conflicts,
    );
  }

  for (const e of toCreate) {
    const id = await insertEntity(tx, e.name);
    if (e.status === 'draft') {
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
    message: `Imported ${toCreate.length} entit${toCreate.length === 1 ? 'y' : 'ies'} and ${rules.imported} business rule(s); ${unchanged.length} entit${unchanged.length === 1 ? 'y' : 'ies'} already existed unchanged`,
    created: toCreate.map((e) => e.name),
    unchanged,
    rulesImported: rules.imported,
    rulesIgnored: rules.unchanged,
    notes,
  };
}
