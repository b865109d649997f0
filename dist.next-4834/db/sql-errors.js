import { AppError, toolRef } from "../errors.js";
const CONSTRAINT_MESSAGES = {
  tenants_slug_key: "A tenant with this slug already exists; choose another slug",
  admins_email_key: "An administrator with this email already exists",
  api_keys_key_hash_key: "API key collision; create the key again",
  entities_tenant_name_key: `An entity with this name already exists in this tenant; choose another name, or change its fields with ${toolRef("manage_custom_fields")}`,
  entity_versions_one_draft: "This entity already has a draft (changed concurrently); retry the call",
  entity_versions_pkey: "This entity version was written concurrently; retry the call",
  tenant_users_email_key: "A user with this email already exists in this tenant",
  channels_published_slug_key: "A published channel already uses this slug; choose another slug",
  channels_tenant_key: `This tenant already has a channel; change it with ${toolRef("update_channel")}`,
  channel_tools_pkey: `Your channel already has a tool with this name; change it with ${toolRef("update_channel_tool")}`,
  bots_name_key: "A bot with this name already exists in this tenant; choose another name"
};
function translateDatabaseError(error) {
  if (error instanceof AppError || typeof error !== "object" || error === null) return error;
  const e = error;
  if (typeof e.code !== "string" || !/^[0-9A-Z]{5}$/.test(e.code)) return error;
  const constraint = String(e.constraint_name ?? e.constraint ?? "");
  const known = constraint ? CONSTRAINT_MESSAGES[constraint] : void 0;
  const message = typeof e.message === "string" ? e.message : "";
  switch (e.code) {
    case "23505":
      return new AppError("CONFLICT", known ?? "A value that must be unique is already taken", void 0, { cause: error });
    case "23503":
      return message.startsWith("update or delete") ? new AppError("CONFLICT", known ?? "Other data still refers to this item", void 0, { cause: error }) : new AppError("VALIDATION_ERROR", known ?? "A referenced item does not exist", void 0, { cause: error });
    case "23514":
    case "23502":
    case "22P02":
    case "22001":
    case "22003":
    case "22007":
    case "22008":
      return new AppError("VALIDATION_ERROR", known ?? "A value is not valid for its field", void 0, { cause: error });
    default:
      return error;
  }
}
export {
  translateDatabaseError
};
//# sourceMappingURL=sql-errors.js.map
