import { readFileSync } from 'node:fs';

/**
 * bench/RESULTS.md holds what `npm run bench` measured, one block per shape between its markers,
 * and around them what people wrote by hand (the analyses of earlier runs, other benchmarks). A
 * run replaces only its own shape's block and keeps everything else.
 */
export const LARGE_START = '<!-- large-shape:start -->';
export const LARGE_END = '<!-- large-shape:end -->';
export const ZIPF_START = '<!-- zipf-shape:start -->';
export const ZIPF_END = '<!-- zipf-shape:end -->';

/**
 * `previous` with the shape's block replaced by `text`. A file without the block gets it: the
 * default shape's at the top, the large shape's at the end.
 */
export function mergeResults(previous: string, text: string, large: boolean): string {
  const [start, end] = large ? [LARGE_START, LARGE_END] : [ZIPF_START, ZIPF_END];
  const block = `${start}\n${text}\n${end}`;
  const at = previous.indexOf(start);
  const to = at >= 0 ? previous.indexOf(end, at) : -1;
  if (to > at) return previous.slice(0, at) + block + previous.slice(to + end.length);
  if (previous.trim() === '') return `${block}\n`;
  return large ? `${previous.trimEnd()}\n\n${block}\n` : `${block}\n\n${previous.trimStart()}`;
}

/** The results file as it is, or empty before the first run. */
export function readPrevious(out: string): string {
  try {
    return readFileSync(out, 'utf8');
  } catch {
    return '';
  }
}
