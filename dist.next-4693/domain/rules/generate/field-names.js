const fold = (text) => text.normalize("NFD").replace(new RegExp("\\p{M}", "gu"), "").toLowerCase().replace(/[\s_]+/g, " ").trim();
const LEADING = /^(?:(?:the|a|an|field|el|la|los|las|un|una|campo|del|de|de la|of)\s+)+/;
function fieldResolver(fields) {
  const byName = /* @__PURE__ */ new Map();
  for (const f of fields) byName.set(fold(f.name), f);
  for (const f of fields) byName.set(fold(f.fieldKey), f);
  return (phrase) => {
    const folded = fold(phrase);
    return byName.get(folded) ?? byName.get(folded.replace(LEADING, ""));
  };
}
export {
  fieldResolver,
  fold
};
//# sourceMappingURL=field-names.js.map
