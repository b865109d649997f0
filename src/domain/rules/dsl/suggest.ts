/**
 * The known name closest to a misspelt one: edit distance at most a third of its length (at least
 * 1), or one name starting with the other; case is ignored.
 */
export function closest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  const wanted = name.toLowerCase();
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    // `lenght` for `len`, `cantidad_total` for `cantidad`: a shared start of 3+ letters is close too.
    const sharesStart = Math.min(wanted.length, lower.length) >= 3 && (wanted.startsWith(lower) || lower.startsWith(wanted));
    const distance = sharesStart ? 1 : editDistance(wanted, lower, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (answering `limit`) once it cannot be below `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest >= limit) return limit;
    previous = current;
  }
  return previous[b.length]!;
}
