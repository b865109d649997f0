//# sourceMappingURL=generated-rule.js.map
