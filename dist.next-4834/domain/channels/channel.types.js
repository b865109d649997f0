//# sourceMappingURL=channel.types.js.map
