import { validationError } from "../../errors.js";
import { UNIQUE_CAPABLE, normalizeFieldConfig } from "./field-config.js";
import { FIELD_TYPES, IDENTIFIER_PATTERN } from "./field-types.js";
const RESERVED_FIELD_KEYS = /* @__PURE__ */ new Set(["id"]);
const MAX_FIELDS = 200;
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v) => typeof v === "string" ? v.trim() : void 0;
const NAME_RULE = 'lowercase snake_case matching ^[a-z][a-z0-9_]{0,62}$, e.g. "order_items"';
function keyFromName(name) {
  const key = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 63);
  return /^[a-z]/.test(key) ? key : `f_${key}`.slice(0, 63);
}
function checkIdentifier(value, what, path, problems) {
  if (typeof value !== "string" || !IDENTIFIER_PATTERN.test(value)) {
    problems.push({ field: path, message: `${what} ${JSON.stringify(value ?? null)} is invalid: use ${NAME_RULE}` });
    return false;
  }
  return true;
}
function optionalBoolean(raw, keys, path, problems) {
  for (const key of keys) {
    const v = raw[key];
    if (v === void 0 || v === null) continue;
    if (typeof v !== "boolean") problems.push({ field: `${path}.${key}`, message: `${key} must be true or false` });
    return v === true;
  }
  return void 0;
}
function normalizeField(raw, path, problems, base) {
  if (!isObject(raw)) {
    problems.push({
      field: path,
      message: "a field must be an object { name, fieldKey, fieldType, isRequired?, isUnique?, description?, config? }"
    });
    return void 0;
  }
  const before = problems.length;
  const name = str(raw.name) || base?.name;
  let fieldKey = raw.fieldKey ?? base?.fieldKey;
  if (fieldKey === void 0 && name) fieldKey = keyFromName(name);
  if (fieldKey === void 0) {
    problems.push({ field: `${path}.fieldKey`, message: `fieldKey is required (${NAME_RULE})` });
  } else if (checkIdentifier(fieldKey, "fieldKey", `${path}.fieldKey`, problems) && RESERVED_FIELD_KEYS.has(fieldKey)) {
    problems.push({
      field: `${path}.fieldKey`,
      message: `fieldKey "${fieldKey}" is reserved for the record's system field; choose another key`
    });
  }
  const label = typeof fieldKey === "string" ? `Field "${fieldKey}"` : "Field";
  const typeValue = raw.fieldType ?? raw.type ?? base?.fieldType;
  const fieldType = FIELD_TYPES.includes(typeValue) ? typeValue : void 0;
  if (!fieldType) {
    problems.push({
      field: `${path}.fieldType`,
      message: `${label}: ${typeValue === void 0 ? "fieldType is required" : `unknown fieldType ${JSON.stringify(typeValue)}`}; valid types: ${FIELD_TYPES.join(", ")}`
    });
  }
  if (raw.name !== void 0 && (typeof raw.name !== "string" || raw.name.length > 200)) {
    problems.push({ field: `${path}.name`, message: `${label}: name must be a string of at most 200 characters` });
  }
  if (raw.description !== void 0 && raw.description !== null && (typeof raw.description !== "string" || raw.description.length > 2e3)) {
    problems.push({ field: `${path}.description`, message: `${label}: description must be a string of at most 2000 characters` });
  }
  const isRequired = optionalBoolean(raw, ["isRequired", "required"], path, problems) ?? base?.isRequired ?? false;
  const isUnique = optionalBoolean(raw, ["isUnique", "unique"], path, problems) ?? base?.isUnique ?? false;
  if (fieldType && isUnique && !UNIQUE_CAPABLE.has(fieldType)) {
    problems.push({
      field: `${path}.isUnique`,
      message: `${label}: a ${fieldType} field cannot be unique; unique fits ${[...UNIQUE_CAPABLE].join(", ")}`
    });
  }
  let config = {};
  if (fieldType) {
    const typeChanged = base !== void 0 && base.fieldType !== fieldType;
    const rawConfig = raw.config !== void 0 ? raw.config : typeChanged ? {} : base?.config;
    if (rawConfig !== void 0 && rawConfig !== null && !isObject(rawConfig)) {
      problems.push({ field: `${path}.config`, message: `${label}: config must be an object` });
    } else {
      const result = normalizeFieldConfig(fieldType, rawConfig);
      config = result.config;
      for (const p of result.problems) {
        problems.push({ field: [`${path}.config`, ...p.path].join("."), message: `${label} (${fieldType}): ${p.message}` });
      }
    }
  }
  if (problems.length > before || !fieldType || typeof fieldKey !== "string") return void 0;
  return {
    name: name || fieldKey,
    fieldKey,
    fieldType,
    isRequired,
    isUnique,
    description: typeof raw.description === "string" ? raw.description : base?.description ?? "",
    config
  };
}
function checkFieldSet(definition, path, problems) {
  const seen = /* @__PURE__ */ new Set();
  definition.fields.forEach((f, i) => {
    if (seen.has(f.fieldKey))
      problems.push({
        field: `${path}.fields.${i}.fieldKey`,
        message: `fieldKey "${f.fieldKey}" appears twice; field keys must be unique within an entity`
      });
    seen.add(f.fieldKey);
  });
  if (definition.fields.length > MAX_FIELDS)
    problems.push({ field: `${path}.fields`, message: `an entity has at most ${MAX_FIELDS} fields` });
  const display = definition.config.displayField;
  if (display !== void 0 && !seen.has(display)) {
    problems.push({
      field: `${path}.entity.config.displayField`,
      message: `displayField "${display}" is not a field of this entity; fields: ${[...seen].join(", ") || "(none)"}`
    });
  }
}
function normalizeEntityHeader(raw, path, problems) {
  if (!isObject(raw)) {
    problems.push({ field: path, message: "entity must be an object { name, displayName?, description?, icon? }" });
    return void 0;
  }
  const before = problems.length;
  checkIdentifier(raw.name, "entity name", `${path}.name`, problems);
  for (const key of ["displayName", "description", "icon"]) {
    const v = raw[key];
    if (v !== void 0 && v !== null && (typeof v !== "string" || v.length > 2e3)) {
      problems.push({ field: `${path}.${key}`, message: `${key} must be a string of at most 2000 characters` });
    }
  }
  const config = {};
  if (raw.config !== void 0 && raw.config !== null) {
    if (!isObject(raw.config)) problems.push({ field: `${path}.config`, message: "entity config must be an object { displayField? }" });
    else {
      const extra = Object.keys(raw.config).filter((k) => k !== "displayField");
      if (extra.length)
        problems.push({
          field: `${path}.config`,
          message: `unknown entity config key(s) ${extra.join(", ")}; entity config accepts: displayField`
        });
      if (raw.config.displayField !== void 0 && checkIdentifier(raw.config.displayField, "displayField", `${path}.config.displayField`, problems)) {
        config.displayField = raw.config.displayField;
      }
    }
  }
  if (problems.length > before) return void 0;
  const name = raw.name;
  return {
    name,
    displayName: str(raw.displayName) || name,
    description: typeof raw.description === "string" ? raw.description : "",
    icon: str(raw.icon) || "box",
    config
  };
}
function normalizeDefinition(raw, path, problems) {
  if (!isObject(raw)) {
    problems.push({ field: path, message: "definition must be an object { entity: { name, ... }, fields: [...] }" });
    return void 0;
  }
  const header = normalizeEntityHeader(raw.entity, `${path}.entity`, problems);
  const rawFields = raw.fields ?? [];
  if (!Array.isArray(rawFields)) {
    problems.push({ field: `${path}.fields`, message: "fields must be an array of field definitions" });
    return void 0;
  }
  const fields = rawFields.map((f, i) => normalizeField(f, `${path}.fields.${i}`, problems));
  if (!header || fields.some((f) => f === void 0)) return void 0;
  const { name, ...rest } = header;
  const definition = { ...rest, fields };
  const before = problems.length;
  checkFieldSet(definition, path, problems);
  return problems.length > before ? void 0 : { name, definition };
}
function checkRelations(definition, known, path, problems) {
  definition.fields.forEach((f, i) => {
    if (f.fieldType !== "relation") return;
    const target = f.config.relatedEntity;
    if (!known.has(target)) {
      problems.push({
        field: `${path}.fields.${i}.config.relatedEntity`,
        message: `Field "${f.fieldKey}": related entity "${target}" does not exist in this tenant; existing entities: ${[...known].sort().join(", ") || "(none)"}`
      });
    }
  });
}
function throwIfProblems(problems, summary) {
  if (problems.length === 0) return;
  const first = problems[0];
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})` : "";
  throw validationError(`${summary}: ${first.field ? `${first.field}: ` : ""}${first.message}${more}`, problems);
}
export {
  MAX_FIELDS,
  RESERVED_FIELD_KEYS,
  checkFieldSet,
  checkIdentifier,
  checkRelations,
  keyFromName,
  normalizeDefinition,
  normalizeEntityHeader,
  normalizeField,
  throwIfProblems
};
//# sourceMappingURL=definition.js.map
