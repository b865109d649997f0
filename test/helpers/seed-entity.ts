import { withTenant } from '../../src/db/with-tenant.js';
import type { FieldDefinition } from '../../src/domain/entities/entity.types.js';
import type { TestApp } from './app.js';

/**
 * Stores a published entity straight through the tables, for tests of features that only read
 * entities. Feature tests of entities themselves go through the public operations.
 */
export async function seedPublishedEntity(
  t: TestApp,
  tenantId: string,
  name: string,
  fields: Array<Partial<FieldDefinition> & Pick<FieldDefinition, 'fieldKey' | 'fieldType'>>,
  options: { displayField?: string } = {},
): Promise<{ id: string }> {
  const definition = {
    displayName: name,
    description: '',
    icon: 'box',
    config: options.displayField ? { displayField: options.displayField } : {},
    fields: fields.map((f) => ({
      name: f.name ?? f.fieldKey,
      fieldKey: f.fieldKey,
      fieldType: f.fieldType,
      isRequired: f.isRequired ?? false,
      isUnique: f.isUnique ?? false,
      description: f.description ?? '',
      config: f.config ?? {},
    })),
  };
  return withTenant(t.db, tenantId, { readOnly: false }, async (tx) => {
    const [entity] = await tx.query<{ id: string }>(
      'insert into entities (tenant_id, name, published_version) values ($1, $2, 1) returning id',
      [tenantId, name],
    );
    await tx.query(
      `insert into entity_versions (tenant_id, entity_id, version, status, definition, message, published_at)
       values ($1, $2, 1, 'published', $3::text::jsonb, 'seed', now())`,
      [tenantId, entity!.id, JSON.stringify(definition)],
    );
    return { id: entity!.id };
  });
}
