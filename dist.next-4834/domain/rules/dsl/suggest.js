function closest(name, known) {
  let best;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  const wanted = name.toLowerCase();
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    const sharesStart = Math.min(wanted.length, lower.length) >= 3 && (wanted.startsWith(lower) || lower.startsWith(wanted));
    const distance = sharesStart ? 1 : editDistance(wanted, lower, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
function editDistance(a, b, limit) {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest >= limit) return limit;
    previous = current;
  }
  return previous[b.length];
}
export {
  closest
};
//# sourceMappingURL=suggest.js.map
