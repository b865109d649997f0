import type { TenantTx } from '../../db/with-tenant.js';
import { conflict, notFound, toolRef, validationError } from '../../errors.js';
import { checkRelations, normalizeDefinition, throwIfProblems, type Problems } from './definition.js';
import {
  deleteDraft,
  deleteEntityRow,
  findEntityState,
  findVersion,
  insertDraft,
  insertEntity,
  listEntityNames,
  listEntityStates,
  lockEntity,
  publishDraft,
  updateDraft,
  type EntityState,
} from './entity.repository.js';
import type { EntityDefinition, PublishedEntity } from './entity.types.js';
import { FIELD_TYPES } from './field-types.js';
import { runPublishHooks, type PublishHook } from './publish-hooks.js';
import { sameJson, schemaFields } from './schema-view.js';
import { indexesView } from './indexes/index-view.js';
import { listStoredIndexes } from './indexes/index.repository.js';

/** NOT_FOUND for an unknown entity, naming the ones that exist. */
export async function entityNotFound(tx: TenantTx, name: string) {
  const names = await listEntityNames(tx);
  return notFound(
    `Entity "${name}" not found. Entity names are lowercase with underscores; existing entities: ${names.join(', ') || '(none)'} (${toolRef('list_entities')} shows them)`,
  );
}

export async function requireEntityState(tx: TenantTx, name: string): Promise<EntityState> {
  const state = await findEntityState(tx, name);
  if (!state) throw await entityNotFound(tx, name);
  return state;
}

/** The working definition: the draft when there is one, else the published version. */
export const currentDefinition = (s: EntityState): EntityDefinition => (s.draft ?? s.published)!.definition;

export const statusOf = (s: EntityState) => (s.published ? 'published' : 'draft') as 'draft' | 'published';

/**
 * Stores a changed working definition: into the draft, or into a new draft over the published
 * version; a draft that ends up equal to the published version is dropped, as nothing is pending.
 * `describe` words the change for the draft it went into (e.g. "draft version 3").
 */
export async function saveWorkingDefinition(
  tx: TenantTx,
  state: EntityState,
  definition: EntityDefinition,
  describe: (draft: string) => string,
): Promise<{ version: number; pending: boolean; message: string }> {
  if (state.published && sameJson(definition, state.published.definition)) {
    if (state.draft) await deleteDraft(tx, state.id);
    const version = state.published.version;
    return { version, pending: false, message: `No pending changes remain: "${state.name}" matches published version ${version}` };
  }
  if (state.draft) {
    await updateDraft(tx, state.id, definition);
    return { version: state.draft.version, pending: true, message: describe(`draft version ${state.draft.version}`) };
  }
  const version = state.published!.version + 1;
  await insertDraft(tx, state.id, version, definition);
  return { version, pending: true, message: describe(`new draft version ${version}`) };
}

export interface GenerateInput {
  definition: unknown;
  auto_publish: boolean;
  version_message?: string | undefined;
}

/** Creates an entity as draft version 1, published at once with `auto_publish`. */
export async function generateEntity(tx: TenantTx, onPublish: readonly PublishHook[], input: GenerateInput) {
  const problems: Problems = [];
  if (input.auto_publish && !input.version_message) {
    problems.push({ field: 'version_message', message: 'version_message is required when auto_publish is true (e.g. "Initial version")' });
  }
  const parsed = normalizeDefinition(input.definition, 'definition', problems);
  if (parsed) {
    const known = new Set([...(await listEntityNames(tx)), parsed.name]);
    checkRelations(parsed.definition, known, 'definition', problems);
  }
  throwIfProblems(problems, 'Invalid entity definition');
  const { name, definition } = parsed!;
  if (await findEntityState(tx, name)) {
    throw conflict(
      `Entity "${name}" already exists; change it with ${toolRef('manage_custom_fields')}, or delete it (${toolRef('delete_entity')}) first`,
    );
  }
  const id = await insertEntity(tx, name);
  await insertDraft(tx, id, 1, definition);
  if (input.auto_publish) await publishLocked(tx, onPublish, name, input.version_message ?? null);
  const status = input.auto_publish ? ('published' as const) : ('draft' as const);
  return {
    success: true,
    message: input.auto_publish
      ? `Entity "${name}" created and published as version 1`
      : `Entity "${name}" created as draft version 1; publish it to make it available to records`,
    fieldsProcessed: definition.fields.length,
    entity: {
      name,
      displayName: definition.displayName,
      description: definition.description,
      status,
      version: 1,
      fields: definition.fields.map((f) => ({ name: f.name, fieldKey: f.fieldKey, type: f.fieldType, required: f.isRequired })),
    },
  };
}

/** Published entities, and never-published ones with `include_drafts`. */
export async function listEntities(tx: TenantTx, input: { include_drafts: boolean }) {
  const states = await listEntityStates(tx);
  return states
    .filter((s) => s.published || input.include_drafts)
    .map((s) => {
      const shown = (s.published ?? s.draft)!.definition;
      return {
        name: s.name,
        displayName: shown.displayName,
        description: shown.description,
        fieldCount: shown.fields.length,
        status: statusOf(s),
        version: s.published?.version ?? s.draft!.version,
        hasDraft: s.draft !== null,
      };
    });
}

/** One version of an entity's schema: a number, "draft" or "published" (default). */
export async function getEntitySchema(tx: TenantTx, input: { entityName: string; version?: number | string | undefined }) {
  const state = await requireEntityState(tx, input.entityName);
  const wanted = parseVersion(input.version);
  let version: {
    version: number;
    status: 'draft' | 'published';
    definition: EntityDefinition;
    message: string | null;
    publishedAt: Date | null;
  };
  if (wanted === 'published') {
    if (!state.published) {
      throw notFound(
        `Entity "${state.name}" is a draft and has never been published; call ${toolRef('get_entity_schema')} with version "draft", or ${toolRef('publish_entity')}`,
      );
    }
    version = { ...state.published, status: 'published' };
  } else if (wanted === 'draft') {
    if (!state.draft) {
      throw notFound(`Entity "${state.name}" has no draft; its published version is ${state.published!.version} (version "published")`);
    }
    version = { ...state.draft, status: 'draft', message: null, publishedAt: null };
  } else {
    const found = await findVersion(tx, state.id, wanted);
    if (!found) {
      const latest = state.draft?.version ?? state.published!.version;
      throw notFound(`Entity "${state.name}" has no version ${wanted}; versions run from 1 to ${latest}`);
    }
    version = found;
  }
  const d = version.definition;
  const isPublished = version.version === state.published?.version;
  return {
    name: state.name,
    displayName: d.displayName,
    description: d.description,
    icon: d.icon,
    config: d.config,
    version: version.version,
    status: version.status,
    message: version.message,
    publishedAt: version.publishedAt,
    publishedVersion: state.published?.version ?? null,
    hasDraft: state.draft !== null,
    fields: schemaFields(d),
    fieldTypes: [...FIELD_TYPES],
    indexes: indexesView(d, isPublished ? await listStoredIndexes(tx, state.id) : null),
  };
}

function parseVersion(v: number | string | undefined): number | 'draft' | 'published' {
  if (v === undefined || v === '' || v === 'published') return 'published';
  if (v === 'draft') return 'draft';
  const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1) {
    throw validationError(`version must be a version number (1, 2, …), "draft" or "published"; got ${JSON.stringify(v)}`, [
      { field: 'version', message: 'a positive integer, "draft" or "published"' },
    ]);
  }
  return n;
}

/** Publishes the draft as the next version. */
export async function publishEntity(
  tx: TenantTx,
  onPublish: readonly PublishHook[],
  input: { entityName: string; version_message?: string | undefined },
) {
  if (!(await lockEntity(tx, input.entityName))) throw await entityNotFound(tx, input.entityName);
  const published = await publishLocked(tx, onPublish, input.entityName, input.version_message ?? null);
  return {
    success: true,
    message: `Entity "${published.name}" published as version ${published.version}`,
    entityName: published.name,
    version: published.version,
    status: 'published' as const,
    fieldCount: published.definition.fields.length,
  };
}

/** Publishes under the entity row lock: the second of two concurrent publishes finds no draft. */
async function publishLocked(
  tx: TenantTx,
  onPublish: readonly PublishHook[],
  name: string,
  message: string | null,
): Promise<PublishedEntity> {
  await lockEntity(tx, name);
  const state = (await findEntityState(tx, name))!;
  if (!state.draft) {
    throw conflict(
      `Entity "${name}" has no draft to publish: version ${state.published!.version} is already published. Change fields with ${toolRef('manage_custom_fields')} first; ${toolRef('list_entity_changes')} shows pending changes`,
    );
  }
  const known = new Set(await listEntityNames(tx));
  const problems: Problems = [];
  checkRelations(state.draft.definition, known, 'draft', problems);
  throwIfProblems(problems, `Cannot publish "${name}"`);
  await publishDraft(tx, state.id, state.draft.version, message);
  const published: PublishedEntity = { id: state.id, name, version: state.draft.version, definition: state.draft.definition };
  const previous: PublishedEntity | null = state.published
    ? { id: state.id, name, version: state.published.version, definition: state.published.definition }
    : null;
  await runPublishHooks(tx, onPublish, published, previous);
  return published;
}

/** Deletes an entity, all its versions and all its records. Refused while other entities relate to it. */
export async function deleteEntity(tx: TenantTx, input: { entityName: string }) {
  if (!(await lockEntity(tx, input.entityName))) throw await entityNotFound(tx, input.entityName);
  const state = (await findEntityState(tx, input.entityName))!;
  const referrers: string[] = [];
  for (const other of await listEntityStates(tx)) {
    if (other.id === state.id) continue;
    const keys = new Set<string>();
    for (const d of [other.published?.definition, other.draft?.definition]) {
      for (const f of d?.fields ?? []) if (f.fieldType === 'relation' && f.config.relatedEntity === state.name) keys.add(f.fieldKey);
    }
    for (const k of keys) referrers.push(`${other.name}.${k}`);
  }
  if (referrers.length) {
    throw conflict(
      `Entity "${state.name}" is the target of relation field(s) ${referrers.join(', ')}; delete those fields (${toolRef('manage_custom_fields')}) or their entities first`,
    );
  }
  await deleteEntityRow(tx, state.id);
  return {
    success: true,
    deleted: true as const,
    entityName: state.name,
    message: `Entity "${state.name}" and all its records were deleted`,
  };
}
