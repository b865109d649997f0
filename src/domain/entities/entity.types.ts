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
  /** Declared indexes (docs/entities.md, "Indexes"); absent when there are none. */
  indexes?: IndexDefinition[];
}

/** An index an entity declares: its name and its fields, in order. */
export interface IndexDefinition {
  name: string;
  fields: string[];
}

export type EntityStatus = 'draft' | 'published';

/** The published version of an entity: what the record endpoints read and validate against. */
export interface PublishedEntity {
  id: string;
  name: string;
  version: number;
  definition: EntityDefinition;
  /** The indexes built for it and their state, when read from the database (lists use the ready ones). */
  builtIndexes?: BuiltIndex[];
}

/**
 * An index as built (table entity_indexes): its identity (new on every declaration of its name),
 * the slot of the records' rows holding its keys (1 to INDEX_SLOTS), its fields, the kind each is
 * indexed as, its state.
 */
export interface BuiltIndex {
  id: string;
  name: string;
  slot: number;
  fields: string[];
  kinds: string[];
  state: 'building' | 'ready' | 'failed';
}
