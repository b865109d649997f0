import { captures } from "./sentence-text.js";
class PhraseFailure extends Error {
  constructor(message, final = false) {
    super(message);
    this.final = final;
  }
  final;
}
function requireField(ctx, phrase) {
  const found = ctx.field(phrase);
  if (found) return found;
  const keys = ctx.fields.map((f) => f.fieldKey).join(", ");
  throw new PhraseFailure(`"${phrase}" is not a field of ${ctx.entityName} (fields: ${keys || "none"})`);
}
function matchField(ctx, s, patterns) {
  let first;
  for (const pattern of patterns) {
    const m = captures(s, pattern);
    if (!m) continue;
    if (m.f === void 0 || ctx.field(m.f)) return m;
    first ??= m;
  }
  return first;
}
export {
  PhraseFailure,
  matchField,
  requireField
};
//# sourceMappingURL=phrase-context.js.map
