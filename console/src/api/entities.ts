import { api, data } from './client.ts';
import type { EntityChanges, EntitySchema, EntitySummary, FieldConfig, FieldList } from './types.ts';

const path = (entityName: string) => ({ params: { path: { entityName } } });

export const listEntities = (includeDrafts: boolean) =>
  data<EntitySummary[]>()(api.GET('/api/entities', { params: { query: { include_drafts: includeDrafts } } }));

/** `version`: a number, `draft` or `published` (the default). */
export const getEntitySchema = (entityName: string, version?: string) =>
  data<EntitySchema>()(
    api.GET('/api/entities/{entityName}', {
      params: { path: { entityName }, ...(version ? { query: { version } } : {}) },
    }),
  );

export interface NewEntity {
  name: string;
  displayName?: string;
  description?: string;
}

export const createEntity = (entity: NewEntity) =>
  data<{ message: string; entity: { name: string } }>()(
    api.POST('/api/entities', { body: { definition: { entity: { ...entity }, fields: [] } } }),
  );

export const deleteEntity = (entityName: string) =>
  data<{ deleted: boolean; message: string }>()(api.DELETE('/api/entities/{entityName}', path(entityName)));

/** The working fields and the field types (the route's answer is the list form of manage_custom_fields). */
export const listFields = (entityName: string) =>
  data<FieldList>()(api.GET('/api/entities/{entityName}/fields', path(entityName))).then((answer) => {
    if (!('fields' in answer)) throw new Error('The service answered a field change where a field list was expected');
    return answer;
  });

/** A field definition as `manage_custom_fields` takes it. */
export interface FieldInput {
  name?: string;
  fieldKey?: string;
  fieldType?: string;
  isRequired?: boolean;
  isUnique?: boolean;
  description?: string;
  config?: FieldConfig;
}

export const addField = (entityName: string, field: FieldInput) =>
  data<{ message: string }>()(api.POST('/api/entities/{entityName}/fields', { ...path(entityName), body: { ...field } }));

export const updateField = (entityName: string, fieldKey: string, field: FieldInput) =>
  data<{ message: string }>()(
    api.PUT('/api/entities/{entityName}/fields/{fieldKey}', { params: { path: { entityName, fieldKey } }, body: { ...field } }),
  );

export const deleteField = (entityName: string, fieldKey: string) =>
  data<{ message: string }>()(api.DELETE('/api/entities/{entityName}/fields/{fieldKey}', { params: { path: { entityName, fieldKey } } }));

export const listEntityChanges = (entityName: string) =>
  data<EntityChanges>()(api.GET('/api/entities/{entityName}/changes', path(entityName)));

export const publishEntity = (entityName: string, message: string) =>
  data<{ version: number; message: string }>()(
    api.POST('/api/entities/{entityName}/publish', { ...path(entityName), body: message ? { version_message: message } : {} }),
  );
