import { z } from "zod";
import { canUseOperation } from "../domain/access/permissions.js";
import { addField, deleteField, listFields, updateField } from "../domain/entities/field.service.js";
import { forbidden, toolRef, validationError } from "../errors.js";
import { bind, defineTenantOperation } from "./core/operation.js";
import { fieldChangeOutput, fieldListOutput } from "./schemas/entities.js";
const entityName = z.string().trim().min(1).max(200);
const fieldKey = z.string().trim().min(1).max(200);
const fieldObject = z.record(z.string(), z.unknown());
const fieldBody = z.union([z.object({ field: fieldObject }), fieldObject]).describe("The field definition, or { field }");
const unwrap = (body) => typeof body.field === "object" && body.field !== null && !Array.isArray(body.field) ? body.field : body;
const manageCustomFields = defineTenantOperation({
  name: "manage_custom_fields",
  title: "Manage entity fields",
  description: `Lists, adds, updates or deletes fields of an entity, e.g. { "entityName": "clients", "action": "add", "field": { "name": "Email", "fieldKey": "email", "fieldType": "email" } }. Changes go to the draft (${toolRef("publish_entity")} makes them live). update: fieldKey + the properties to change; delete: fieldKey; list also shows the field types.`,
  input: z.object({
    entityName,
    action: z.enum(["add", "update", "delete", "list"]),
    field: fieldObject.optional().describe("Field definition (add) or properties to change (update)"),
    fieldKey: fieldKey.optional().describe("Field to update or delete"),
    fieldData: fieldObject.optional().describe("Alias of field")
  }).transform((v) => ({ entityName: v.entityName, action: v.action, field: v.field ?? v.fieldData, fieldKey: v.fieldKey })),
  output: z.union([fieldListOutput, fieldChangeOutput]),
  mode: "write",
  profile: "core",
  tool: true,
  // Listing is a read; the other actions need schema.write, checked in run.
  access: { tenant: "schema.read" },
  rest: [
    bind({
      method: "POST",
      path: "/api/entities/:entityName/fields",
      status: 201,
      description: "Adds a field to the entity's draft.",
      params: z.object({ entityName }),
      body: fieldBody,
      map: ({ params, body }) => ({ entityName: params.entityName, action: "add", field: unwrap(body) })
    }),
    bind({
      method: "GET",
      path: "/api/entities/:entityName/fields",
      description: "The fields of the entity's working definition (its draft when it has one) and the field types.",
      params: z.object({ entityName }),
      map: ({ params }) => ({ entityName: params.entityName, action: "list" })
    }),
    bind({
      method: "PUT",
      path: "/api/entities/:entityName/fields/:fieldKey",
      description: "Changes properties of a field in the entity's draft.",
      params: z.object({ entityName, fieldKey }),
      body: fieldBody,
      map: ({ params, body }) => ({
        entityName: params.entityName,
        action: "update",
        fieldKey: params.fieldKey,
        field: unwrap(body)
      })
    }),
    bind({
      method: "DELETE",
      path: "/api/entities/:entityName/fields/:fieldKey",
      description: "Removes a field from the entity's draft; record data is kept in storage but no longer returned once published.",
      params: z.object({ entityName, fieldKey }),
      map: ({ params }) => ({ entityName: params.entityName, action: "delete", fieldKey: params.fieldKey })
    })
  ],
  run: async (ctx, input) => {
    if (input.action === "list") return listFields(ctx.tx, input.entityName);
    if (!canUseOperation(ctx.principal, "schema.write")) {
      throw forbidden(`Your role does not allow changing fields (${toolRef("manage_custom_fields")} ${input.action} needs schema.write)`);
    }
    if (input.action === "add") {
      if (!input.field)
        throw validationError('action "add" needs field: { name, fieldKey, fieldType, ... }', [
          { field: "field", message: "required for add" }
        ]);
      return addField(ctx.tx, input.entityName, input.field);
    }
    const key = input.fieldKey ?? (typeof input.field?.fieldKey === "string" ? input.field.fieldKey : void 0);
    if (!key)
      throw validationError(`action "${input.action}" needs fieldKey: the key of the field to ${input.action}`, [
        { field: "fieldKey", message: `required for ${input.action}` }
      ]);
    if (input.action === "delete") return deleteField(ctx.tx, input.entityName, key);
    if (!input.field)
      throw validationError('action "update" needs field: the properties to change', [{ field: "field", message: "required for update" }]);
    return updateField(ctx.tx, input.entityName, key, input.field);
  }
});
export {
  manageCustomFields
};
//# sourceMappingURL=fields.js.map
