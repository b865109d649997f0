import type { TenantTx } from '../../db/with-tenant.js';
import { conflict, notFound, validationError } from '../../errors.js';
import { checkFieldSet, checkRelations, normalizeField, throwIfProblems, type Problems } from './definition.js';
import { findEntityState, listEntityNames, lockEntity, type EntityState } from './entity.repository.js';
import { currentDefinition, entityNotFound, requireEntityState, saveWorkingDefinition, statusOf } from './entity.service.js';
import type { EntityDefinition, FieldDefinition } from './entity.types.js';
import { FIELD_TYPE_LIST, fieldView } from './schema-view.js';

/** The fields of the working definition (the draft when there is one) and the types a field may have. */
export async function listFields(tx: TenantTx, entityName: string) {
  const state = await requireEntityState(tx, entityName);
  const working = state.draft ?? state.published!;
  return {
    entityName: state.name,
    version: working.version,
    status: state.draft ? ('draft' as const) : ('published' as const),
    publishedVersion: state.published?.version ?? null,
    fields: working.definition.fields.map(fieldView),
    fieldTypes: FIELD_TYPE_LIST,
  };
}

function requireField(definition: EntityDefinition, entityName: string, fieldKey: string): number {
  const index = definition.fields.findIndex((f) => f.fieldKey === fieldKey);
  if (index < 0) {
    throw notFound(
      `Entity "${entityName}" has no field "${fieldKey}"; its fields: ${definition.fields.map((f) => f.fieldKey).join(', ') || '(none)'}`,
    );
  }
  return index;
}

export async function addField(tx: TenantTx, entityName: string, rawField: unknown) {
  return changeFields(tx, entityName, 'add', async (definition, problems) => {
    const field = normalizeField(rawField, 'field', problems);
    throwIfProblems(problems, 'Invalid field');
    if (definition.fields.some((f) => f.fieldKey === field!.fieldKey)) {
      throw conflict(`Entity "${entityName}" already has a field "${field!.fieldKey}"; choose another fieldKey or use action "update"`);
    }
    return { definition: { ...definition, fields: [...definition.fields, field!] }, field: field! };
  });
}

export async function updateField(tx: TenantTx, entityName: string, fieldKey: string, rawField: unknown) {
  return changeFields(tx, entityName, 'update', async (definition, problems) => {
    const index = requireField(definition, entityName, fieldKey);
    const patch = typeof rawField === 'object' && rawField !== null ? (rawField as Record<string, unknown>) : rawField;
    if (patch && typeof patch === 'object' && 'fieldKey' in patch && patch.fieldKey !== fieldKey) {
      throw validationError(
        `Field keys cannot be renamed ("${fieldKey}" → ${JSON.stringify(patch.fieldKey)}): add a new field and delete the old one`,
        [{ field: 'field.fieldKey', message: 'must equal the fieldKey being updated, or be left out' }],
      );
    }
    const field = normalizeField(patch, 'field', problems, definition.fields[index]);
    throwIfProblems(problems, `Invalid change to field "${fieldKey}"`);
    const fields = definition.fields.map((f, i) => (i === index ? field! : f));
    return { definition: { ...definition, fields }, field: field! };
  });
}

export async function deleteField(tx: TenantTx, entityName: string, fieldKey: string) {
  return changeFields(tx, entityName, 'delete', async (definition) => {
    const index = requireField(definition, entityName, fieldKey);
    const field = definition.fields[index]!;
    const config = { ...definition.config };
    // The record name falls back to the first text field when its display field goes.
    if (config.displayField === fieldKey) delete config.displayField;
    return { definition: { ...definition, config, fields: definition.fields.filter((_, i) => i !== index) }, field };
  });
}

type Change = (definition: EntityDefinition, problems: Problems) => Promise<{ definition: EntityDefinition; field: FieldDefinition }>;

/**
 * Applies a field change to the entity's draft, made from the published version when there is
 * none. A draft that ends up equal to the published version is dropped: nothing is pending.
 */
async function changeFields(tx: TenantTx, entityName: string, action: 'add' | 'update' | 'delete', change: Change) {
  if (!(await lockEntity(tx, entityName))) throw await entityNotFound(tx, entityName);
  const state = (await findEntityState(tx, entityName)) as EntityState;
  const problems: Problems = [];
  const { definition, field } = await change(currentDefinition(state), problems);
  checkFieldSet(definition, 'definition', problems);
  checkRelations(definition, new Set(await listEntityNames(tx)), 'definition', problems);
  throwIfProblems(problems, 'Invalid field');

  const verb = action === 'add' ? 'added to' : action === 'update' ? 'updated in' : 'deleted from';
  const { version, pending, message } = await saveWorkingDefinition(
    tx,
    state,
    definition,
    (draft) => `Field "${field.fieldKey}" ${verb} ${draft}`,
  );
  return {
    success: true,
    action,
    entityName: state.name,
    field: fieldView(field),
    version,
    status: pending ? ('draft' as const) : statusOf(state),
    message:
      pending && state.published
        ? `${message}; records keep using version ${state.published.version} until the draft is published`
        : message,
  };
}
