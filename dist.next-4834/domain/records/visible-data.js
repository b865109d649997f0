const keysOf = /* @__PURE__ */ new WeakMap();
function fieldKeys(definition) {
  let keys = keysOf.get(definition);
  if (!keys) keysOf.set(definition, keys = new Set(definition.fields.map((f) => f.fieldKey)));
  return keys;
}
function visibleData(definition, data) {
  const keys = fieldKeys(definition);
  for (const key of Object.keys(data)) {
    if (!keys.has(key)) return Object.fromEntries(Object.entries(data).filter(([k]) => keys.has(k)));
  }
  return data;
}
function visibleRecord(definition, record) {
  const data = visibleData(definition, record.data);
  return data === record.data ? record : { ...record, data };
}
export {
  visibleData,
  visibleRecord
};
//# sourceMappingURL=visible-data.js.map
