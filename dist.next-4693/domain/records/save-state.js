const SAVE_HOOK_STEPS = ["transform", "compute", "transformComputed", "validateRules", "afterSave", "afterDelete"];
const NO_SAVE_HOOKS = Object.freeze({
  transform: [],
  compute: [],
  transformComputed: [],
  validateRules: [],
  afterSave: [],
  afterDelete: []
});
const noSaveHooks = () => Promise.resolve(NO_SAVE_HOOKS);
function combineSaveHooks(providers) {
  if (providers.length === 0) return noSaveHooks;
  if (providers.length === 1) return providers[0];
  return async (tx, entity) => {
    const all = await Promise.all(providers.map((p) => p(tx, entity)));
    return Object.fromEntries(SAVE_HOOK_STEPS.map((step) => [step, all.flatMap((h) => h[step])]));
  };
}
export {
  NO_SAVE_HOOKS,
  SAVE_HOOK_STEPS,
  combineSaveHooks,
  noSaveHooks
};
//# sourceMappingURL=save-state.js.map
