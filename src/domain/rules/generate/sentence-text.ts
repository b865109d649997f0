/**
 * Text helpers of the sentence parser. Patterns match a folded copy of a sentence (lower case,
 * accents removed) that keeps every character at its index, so a value captured there (a quoted
 * string, an option name) is read back from the original, case and accents intact.
 */

/** One character folded to one character: lower case, without its accent when it has one. */
function foldChar(c: string): string {
  const plain = c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return plain.length === c.length ? plain : c.toLowerCase().length === c.length ? c.toLowerCase() : c;
}

/** A sentence as patterns see it, and as it was written (same length, same indexes). */
export interface Sentence {
  readonly text: string;
  readonly folded: string;
}

export function sentence(raw: string): Sentence {
  const text = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '')
    .trim();
  let folded = '';
  for (let i = 0; i < text.length; i++) folded += foldChar(text[i]!);
  return { text, folded };
}

/** Named groups of a match, read from the original text. */
export function captures(s: Sentence, pattern: RegExp): Record<string, string> | undefined {
  const flags = pattern.flags.includes('d') ? pattern.flags : `${pattern.flags}d`;
  const match = new RegExp(pattern.source, flags).exec(s.folded);
  if (!match) return undefined;
  const out: Record<string, string> = {};
  for (const [name, span] of Object.entries(match.indices?.groups ?? {})) {
    if (span) out[name] = s.text.slice(span[0], span[1]).trim();
  }
  return out;
}

/**
 * Clauses of a description: lines, `;`, and sentences ending in a period (a period inside a
 * number, `2.5`, is no boundary).
 */
export function splitClauses(description: string): string[] {
  return description
    .split(/\r?\n|;|\.(?=\s)/)
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== '.');
}

/** A string as an expression literal. */
export const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A short identifier made of a text, for validation ids. */
export const slug = (text: string) =>
  sentence(text)
    .folded.replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40) || 'rule';

/** Upper-cases the first letter: a sentence as a message. */
export const asMessage = (text: string) => (text === '' ? text : text[0]!.toUpperCase() + text.slice(1));
