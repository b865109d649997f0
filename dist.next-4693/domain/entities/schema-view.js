import { configKeys } from "./field-config.js";
import { FIELD_TYPES } from "./field-types.js";
const FIELD_TYPE_FORMATS = {
  text: "string",
  textarea: "string (multi-line)",
  email: "string, an email address",
  url: "string, a URL",
  phone: "string, a phone number",
  number: "number",
  integer: "number without decimals",
  boolean: "true or false",
  date: 'string, ISO 8601 date ("2025-01-31")',
  datetime: 'string, ISO 8601 date-time ("2025-01-31T09:30:00Z")',
  select: "string, one of config.options (the value of an option)",
  relation: "string, the UUID of a record of config.relatedEntity",
  file: "{ url: string, name?: string, size?: number, mimeType?: string }",
  location: "{ lat: number, lng: number, address?: string, city?: string, country?: string }",
  json: "any JSON value"
};
function structureHint(field) {
  switch (field.fieldType) {
    case "location":
      return {
        format: FIELD_TYPE_FORMATS.location,
        description: "A place. lat in [-90, 90], lng in [-180, 180].",
        configOptions: {
          displayFormat: '"map" | "text" | "both" (default "both")',
          defaultZoom: "number 1\u201320 (default 13)",
          defaultCenter: "{ lat, lng }"
        }
      };
    case "file":
      return {
        format: FIELD_TYPE_FORMATS.file,
        description: "A reference to a stored file; upload elsewhere and store its URL.",
        configOptions: { accept: "array of MIME types or extensions (hint for clients)", maxSize: "bytes (hint for clients)" }
      };
    case "select": {
      const values = (field.config.options ?? []).map((o) => typeof o === "string" ? o : o.value);
      return {
        format: FIELD_TYPE_FORMATS.select,
        description: `One of: ${values.map((v) => JSON.stringify(v)).join(", ")}`,
        configOptions: { options: "array of strings or { value, label }" }
      };
    }
    case "relation":
      return {
        format: FIELD_TYPE_FORMATS.relation,
        description: `Links to a record of "${String(field.config.relatedEntity)}"; resolve=true expands it to { id, data }.`,
        configOptions: { relatedEntity: "entity name", displayField: "field key of the related entity shown as its label" }
      };
    default:
      return void 0;
  }
}
const fieldView = (f) => {
  const hint = structureHint(f);
  return {
    name: f.name,
    fieldKey: f.fieldKey,
    type: f.fieldType,
    required: f.isRequired,
    unique: f.isUnique,
    isSystem: false,
    description: f.description,
    config: f.config,
    ...hint ? { structureHint: hint } : {}
  };
};
const SYSTEM_FIELDS = [
  {
    name: "ID",
    fieldKey: "id",
    type: "text",
    required: true,
    unique: true,
    isSystem: true,
    description: "Record UUID (record.id)",
    config: {}
  },
  {
    name: "Created at",
    fieldKey: "createdAt",
    type: "datetime",
    required: true,
    unique: false,
    isSystem: true,
    description: "record.createdAt",
    config: {}
  },
  {
    name: "Updated at",
    fieldKey: "updatedAt",
    type: "datetime",
    required: true,
    unique: false,
    isSystem: true,
    description: "record.updatedAt",
    config: {}
  }
];
function schemaFields(definition) {
  return [...definition.fields.map(fieldView), ...SYSTEM_FIELDS];
}
const FIELD_TYPE_LIST = FIELD_TYPES.map((type) => ({ type, value: FIELD_TYPE_FORMATS[type], config: configKeys(type) }));
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
const sameJson = (a, b) => canonicalJson(a) === canonicalJson(b);
export {
  FIELD_TYPE_FORMATS,
  FIELD_TYPE_LIST,
  canonicalJson,
  fieldView,
  sameJson,
  schemaFields
};
//# sourceMappingURL=schema-view.js.map
