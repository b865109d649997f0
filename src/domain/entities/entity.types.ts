import type { FieldType } from './field-types.js';

/** A field as stored in an entity version (docs/entities.md). */
export interface FieldDefinition {
  name: string;
  fieldKey: string;
  fieldType: FieldType;
  isRequired: boolean;
  isUnique: boolean;
  description: string;
  config: Record<string, unknown>;
}

/** The content of one entity version (draft or published). */
export interface EntityDefinition {
  displayName: string;
  description: string;
  icon: string;
  /** Entity-level options; `displayField` names the field that gives a record its `name`. */
  config: { displayField?: string };
  fields: FieldDefinition[];
}

export type EntityStatus = 'draft' | 'published';

/** The published version of an entity: what the record endpoints read and validate against. */
export interface PublishedEntity {
  id: string;
  name: string;
  version: number;
  definition: EntityDefinition;
}
