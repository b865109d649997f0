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

const count = (text: string, marker: string) => text.split(marker).length - 1;

/**
 * `previous` with the shape's block replaced by `text`. A file without the block gets it: the
 * default shape's at the top, the large shape's at the end. Markers that do not make exactly one
 * block (one start, one end after it) are refused: guessing where the block ends could cut what
 * was written by hand.
 */
export function mergeResults(previous: string, text: string, large: boolean): string {
  const [start, end] = large ? [LARGE_START, LARGE_END] : [ZIPF_START, ZIPF_END];
  const block = `${start}\n${text}\n${end}`;
  const starts = count(previous, start);
  const ends = count(previous, end);
  if (starts === 0 && ends === 0) {
    if (previous.trim() === '') return `${block}\n`;
    return large ? `${previous.trimEnd()}\n\n${block}\n` : `${block}\n\n${previous.trimStart()}`;
  }
  const at = previous.indexOf(start);
  const to = previous.indexOf(end);
  if (starts !== 1 || ends !== 1 || to < at) {
    throw new Error(`the results file must hold one ${start} … ${end} block, in that order; fix its markers by hand`);
  }
  return previous.slice(0, at) + block + previous.slice(to + end.length);
}

/** The results file as it is, or empty before the first run. */
export function readPrevious(out: string): string {
  try {
    return readFileSync(out, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}
