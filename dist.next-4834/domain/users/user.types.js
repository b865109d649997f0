//# sourceMappingURL=user.types.js.map
