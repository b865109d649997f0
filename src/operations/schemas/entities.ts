import { z } from 'zod';
import { FIELD_TYPES } from '../../domain/entities/field-types.js';
import { timestamp } from '../core/schemas.js';

const config = z.record(z.string(), z.unknown());
const status = z.enum(['draft', 'published']);

/** A field as stored in an entity version. */
export const fieldDefinitionOutput = z.strictObject({
  name: z.string(),
  fieldKey: z.string(),
  fieldType: z.enum(FIELD_TYPES),
  isRequired: z.boolean(),
  isUnique: z.boolean(),
  description: z.string(),
  config,
});

/** A field as the schema tools show it. */
export const fieldViewOutput = z.strictObject({
  name: z.string(),
  fieldKey: z.string(),
  type: z.string(),
  required: z.boolean(),
  unique: z.boolean(),
  isSystem: z.boolean(),
  description: z.string(),
  config,
  structureHint: z
    .strictObject({ format: z.string(), description: z.string(), configOptions: z.record(z.string(), z.string()) })
    .optional(),
});

export const fieldTypeListOutput = z.array(z.strictObject({ type: z.enum(FIELD_TYPES), value: z.string(), config: z.array(z.string()) }));

export const generateEntityOutput = z.strictObject({
  success: z.boolean(),
  message: z.string(),
  fieldsProcessed: z.number().int(),
  entity: z.strictObject({
    name: z.string(),
    displayName: z.string(),
    description: z.string(),
    status,
    version: z.number().int(),
    fields: z.array(z.strictObject({ name: z.string(), fieldKey: z.string(), type: z.string(), required: z.boolean() })),
  }),
});

export const entityListOutput = z.array(
  z.strictObject({
    name: z.string(),
    displayName: z.string(),
    description: z.string(),
    fieldCount: z.number().int(),
    status,
    version: z.number().int(),
    hasDraft: z.boolean(),
  }),
);

/** An index as declared (entity versions, metadata). */
export const indexDefinitionOutput = z.strictObject({ name: z.string(), fields: z.array(z.string()) });

/** An index as the schema tools show it: declared or automatic (relation fields), with its build state. */
export const indexViewOutput = z.strictObject({
  name: z.string(),
  fields: z.array(z.string()),
  automatic: z.boolean(),
  state: z.enum(['pending', 'building', 'ready', 'failed']),
});

export const entityIndexesOutput = z.strictObject({
  success: z.boolean(),
  entityName: z.string(),
  version: z.number().int(),
  status,
  indexes: z.array(indexViewOutput),
  message: z.string(),
});

export const entitySchemaOutput = z.strictObject({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  icon: z.string(),
  config,
  version: z.number().int(),
  status,
  message: z.string().nullable(),
  publishedAt: timestamp.nullable(),
  publishedVersion: z.number().int().nullable(),
  hasDraft: z.boolean(),
  fields: z.array(fieldViewOutput),
  fieldTypes: z.array(z.enum(FIELD_TYPES)),
  indexes: z.array(indexViewOutput),
});

export const publishEntityOutput = z.strictObject({
  success: z.boolean(),
  message: z.string(),
  entityName: z.string(),
  version: z.number().int(),
  status: z.literal('published'),
  fieldCount: z.number().int(),
});

export const deleteEntityOutput = z.strictObject({
  success: z.boolean(),
  deleted: z.literal(true),
  entityName: z.string(),
  message: z.string(),
});

export const entityChangesOutput = z.strictObject({
  entityName: z.string(),
  publishedVersion: z.number().int().nullable(),
  draftVersion: z.number().int().nullable(),
  hasChanges: z.boolean(),
  added: z.array(fieldViewOutput),
  removed: z.array(fieldViewOutput),
  changed: z.array(
    z.strictObject({ fieldKey: z.string(), changes: z.array(z.string()), before: fieldDefinitionOutput, after: fieldDefinitionOutput }),
  ),
  entity: z.array(z.strictObject({ property: z.string(), before: z.unknown(), after: z.unknown() })),
  indexes: z.strictObject({ added: z.array(indexDefinitionOutput), removed: z.array(indexDefinitionOutput) }),
  history: z.array(z.strictObject({ version: z.number().int(), message: z.string().nullable(), publishedAt: timestamp })),
});

export const fieldListOutput = z.strictObject({
  entityName: z.string(),
  version: z.number().int(),
  status,
  publishedVersion: z.number().int().nullable(),
  fields: z.array(fieldViewOutput),
  fieldTypes: fieldTypeListOutput,
});

export const fieldChangeOutput = z.strictObject({
  success: z.boolean(),
  action: z.enum(['add', 'update', 'delete']),
  entityName: z.string(),
  field: fieldViewOutput,
  version: z.number().int(),
  status,
  message: z.string(),
});

const exportedDefinition = {
  displayName: z.string(),
  description: z.string(),
  icon: z.string(),
  config,
  fields: z.array(fieldDefinitionOutput),
  indexes: z.array(indexDefinitionOutput).optional(),
};

export const metadataExportOutput = z.strictObject({
  format: z.string(),
  formatVersion: z.number().int(),
  exportedAt: z.string(),
  entities: z.array(
    z.strictObject({
      name: z.string(),
      status,
      version: z.number().int(),
      versionMessage: z.string().nullable(),
      ...exportedDefinition,
      draft: z.strictObject({ version: z.number().int(), ...exportedDefinition }).optional(),
    }),
  ),
  rules: z.array(z.unknown()),
});

export const metadataImportOutput = z.strictObject({
  success: z.boolean(),
  message: z.string(),
  created: z.array(z.string()),
  unchanged: z.array(z.string()),
  rulesImported: z.number().int(),
  rulesIgnored: z.number().int(),
  notes: z.array(z.string()),
});

/** An OpenAPI 3.1 document. */
export const openApiDocumentOutput = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()).optional(),
});
