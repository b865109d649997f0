async function runPublishHooks(tx, hooks, published, previous) {
  for (const hook of hooks) await hook(tx, published, previous);
}
export {
  runPublishHooks
};
//# sourceMappingURL=publish-hooks.js.map
