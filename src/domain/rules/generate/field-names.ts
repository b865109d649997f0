/** A field as the sentence parser sees it: its key, its display name and its type. */
export interface FieldInfo {
  fieldKey: string;
  name: string;
  fieldType: string;
}

/** Lower case, accents and surrounding space removed, inner space collapsed: how names are compared. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();

/** Words that may stand before a field's name without being part of it. */
const LEADING = /^(?:(?:the|a|an|field|el|la|los|las|un|una|campo|del|de|de la|of)\s+)+/;

/**
 * Finds fields by what a sentence calls them: the key (`precio_unitario`), the key with spaces
 * (`precio unitario`) or the display name (`Precio unitario`), ignoring case, accents and a leading
 * article ("el precio", "the price").
 */
export function fieldResolver(fields: readonly FieldInfo[]): (phrase: string) => FieldInfo | undefined {
  const byName = new Map<string, FieldInfo>();
  for (const f of fields) byName.set(fold(f.name), f);
  // Keys win over display names: a key is exact, a name may be shared.
  for (const f of fields) byName.set(fold(f.fieldKey), f);
  return (phrase) => {
    const folded = fold(phrase);
    return byName.get(folded) ?? byName.get(folded.replace(LEADING, ''));
  };
}
