//# sourceMappingURL=database.js.map
