import { z } from 'zod';
import { canUseOperation } from '../domain/access/permissions.js';
import { addField, deleteField, listFields, updateField } from '../domain/entities/field.service.js';
import { forbidden, validationError } from '../errors.js';
import { defineTenantOperation, type RestInput } from './operation.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** REST bodies may be the field itself or `{ field }`. */
const bodyField = (r: RestInput) => (isObject(r.body) && isObject(r.body.field) ? r.body.field : r.body);

export const manageCustomFields = defineTenantOperation({
  name: 'manage_custom_fields',
  title: 'Manage entity fields',
  description:
    'Lists, adds, updates or deletes fields of an entity, e.g. { "entityName": "clients", "action": "add", "field": { "name": "Email", "fieldKey": "email", "fieldType": "email" } }. Changes go to the draft (publish_entity makes them live). update: fieldKey + the properties to change; delete: fieldKey; list also shows the field types.',
  input: z
    .object({
      entityName: z.string().trim().min(1).max(200),
      action: z.enum(['add', 'update', 'delete', 'list']),
      field: z.record(z.string(), z.unknown()).optional().describe('Field definition (add) or properties to change (update)'),
      fieldKey: z.string().trim().min(1).max(200).optional().describe('Field to update or delete'),
      fieldData: z.record(z.string(), z.unknown()).optional().describe('Alias of field'),
    })
    .transform((v) => ({ entityName: v.entityName, action: v.action, field: v.field ?? v.fieldData, fieldKey: v.fieldKey })),
  mode: 'write',
  profile: 'core',
  tool: true,
  // Listing is a read; the other actions need schema.write, checked in run.
  access: { tenant: 'schema.read' },
  rest: [
    { method: 'GET', path: '/api/entities/:entityName/fields', input: (r) => ({ entityName: r.params.entityName, action: 'list' }) },
    {
      method: 'POST',
      path: '/api/entities/:entityName/fields',
      status: 201,
      input: (r) => ({ entityName: r.params.entityName, action: 'add', field: bodyField(r) }),
    },
    {
      method: 'PUT',
      path: '/api/entities/:entityName/fields/:fieldKey',
      input: (r) => ({ entityName: r.params.entityName, action: 'update', fieldKey: r.params.fieldKey, field: bodyField(r) }),
    },
    {
      method: 'DELETE',
      path: '/api/entities/:entityName/fields/:fieldKey',
      input: (r) => ({ entityName: r.params.entityName, action: 'delete', fieldKey: r.params.fieldKey }),
    },
  ],
  run: async (ctx, input) => {
    if (input.action === 'list') return listFields(ctx.tx, input.entityName);
    if (!canUseOperation(ctx.principal, 'schema.write')) {
      throw forbidden(`Your role does not allow changing fields (manage_custom_fields ${input.action} needs schema.write)`);
    }
    if (input.action === 'add') {
      if (!input.field)
        throw validationError('action "add" needs field: { name, fieldKey, fieldType, ... }', [
          { field: 'field', message: 'required for add' },
        ]);
      return addField(ctx.tx, input.entityName, input.field);
    }
    const key = input.fieldKey ?? (typeof input.field?.fieldKey === 'string' ? input.field.fieldKey : undefined);
    if (!key)
      throw validationError(`action "${input.action}" needs fieldKey: the key of the field to ${input.action}`, [
        { field: 'fieldKey', message: `required for ${input.action}` },
      ]);
    if (input.action === 'delete') return deleteField(ctx.tx, input.entityName, key);
    if (!input.field)
      throw validationError('action "update" needs field: the properties to change', [{ field: 'field', message: 'required for update' }]);
    return updateField(ctx.tx, input.entityName, key, input.field);
  },
});
