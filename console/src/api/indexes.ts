import { api, data } from './client.ts';
import type { Answer } from './answers.ts';

/** A declared index (or one made for a relation field, `automatic`) with its build state. */
export type EntityIndex = Answer<'set_entity_indexes'>['indexes'][number];
export type IndexState = EntityIndex['state'];

/** An index as set_entity_indexes takes it: one to three field keys in order, and an optional name. */
export interface IndexInput {
  fields: string[];
  name?: string;
}

/** The field types an index may use (docs/entities.md, "Indexes"). */
export const INDEXABLE_TYPES = new Set([
  'text',
  'textarea',
  'email',
  'url',
  'phone',
  'select',
  'relation',
  'number',
  'integer',
  'date',
  'datetime',
  'boolean',
]);

/** The indexes of a version (`draft`, or the published one by default), each with its state. */
export const entityIndexes = (entityName: string, version?: 'draft') =>
  data<unknown>()(
    api.GET('/api/entities/{entityName}', { params: { path: { entityName }, ...(version ? { query: { version } } : {}) } }),
  ).then((schema) => schema.indexes);

/** Replaces the declared indexes, in the draft; publishing the entity builds them. */
export const setEntityIndexes = (entityName: string, indexes: IndexInput[]) =>
  data<unknown>()(api.PUT('/api/entities/{entityName}/indexes', { params: { path: { entityName } }, body: { indexes } }));
