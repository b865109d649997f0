const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value) => UUID_PATTERN.test(value);
export {
  UUID_PATTERN,
  isUuid
};
//# sourceMappingURL=uuid.js.map
