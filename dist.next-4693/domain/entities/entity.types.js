//# sourceMappingURL=entity.types.js.map
