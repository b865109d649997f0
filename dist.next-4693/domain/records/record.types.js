//# sourceMappingURL=record.types.js.map
