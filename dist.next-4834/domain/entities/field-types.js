const FIELD_TYPES = [
  "text",
  "textarea",
  "email",
  "url",
  "phone",
  "number",
  "integer",
  "boolean",
  "date",
  "datetime",
  "select",
  "relation",
  "file",
  "location",
  "json"
];
const IDENTIFIER_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export {
  FIELD_TYPES,
  IDENTIFIER_PATTERN
};
//# sourceMappingURL=field-types.js.map
