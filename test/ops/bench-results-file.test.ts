import { describe, expect, it } from 'vitest';
import { LARGE_END, LARGE_START, mergeResults, ZIPF_END, ZIPF_START } from '../../bench/results-file.js';

// `npm run bench` rewrites its own blocks of bench/RESULTS.md and nothing else: the analyses
// written by hand between and after them survive every run (docs/records.md, "Benchmark").
const file = [
  ZIPF_START,
  '# Records API benchmark (old run)',
  ZIPF_END,
  '',
  '## Reading these figures (by hand)',
  '',
  LARGE_START,
  '## Single large entity (old run)',
  LARGE_END,
  '',
  '## Declared indexes (by hand)',
  '',
].join('\n');

describe('bench results file', () => {
  it('a default run replaces its block and keeps the hand-written sections and the large block', () => {
    const merged = mergeResults(file, '# Records API benchmark (new run)', false);
    expect(merged).toContain(`${ZIPF_START}\n# Records API benchmark (new run)\n${ZIPF_END}`);
    expect(merged).not.toContain('(old run)\n' + ZIPF_END);
    expect(merged).toContain('## Reading these figures (by hand)');
    expect(merged).toContain('## Single large entity (old run)');
    expect(merged).toContain('## Declared indexes (by hand)');
    expect(merged.indexOf(ZIPF_START)).toBe(0);
  });

  it('a large run replaces its block in place and keeps what follows it', () => {
    const merged = mergeResults(file, '## Single large entity (new run)', true);
    expect(merged).toContain(`${LARGE_START}\n## Single large entity (new run)\n${LARGE_END}`);
    expect(merged).not.toContain('## Single large entity (old run)');
    expect(merged).toContain('# Records API benchmark (old run)');
    expect(merged.indexOf('## Single large entity (new run)')).toBeLessThan(merged.indexOf('## Declared indexes (by hand)'));
  });

  it('a file without the block gets it: the default shape on top, the large one at the end', () => {
    const handWritten = '## Notes (by hand)\n';
    expect(mergeResults(handWritten, 'default', false)).toBe(`${ZIPF_START}\ndefault\n${ZIPF_END}\n\n${handWritten}`);
    expect(mergeResults(handWritten, 'large', true)).toBe(`## Notes (by hand)\n\n${LARGE_START}\nlarge\n${LARGE_END}\n`);
    expect(mergeResults('', 'default', false)).toBe(`${ZIPF_START}\ndefault\n${ZIPF_END}\n`);
  });

  it('markers that do not make one block are refused, not guessed', () => {
    const refused = /must hold one/;
    // An end before its start, a start without an end, a block twice: each could cut hand-written text.
    expect(() => mergeResults(`${ZIPF_END}\nkept\n${ZIPF_START}\n`, 'default', false)).toThrow(refused);
    expect(() => mergeResults(`${LARGE_START}\nold\n\n## Notes (by hand)\n`, 'large', true)).toThrow(refused);
    expect(() => mergeResults(`${file}\n${LARGE_START}\nagain\n${LARGE_END}\n`, 'large', true)).toThrow(refused);
    // The other shape's broken markers are not this run's business.
    expect(mergeResults(`${LARGE_START}\nold\n`, 'default', false)).toContain(`${ZIPF_START}\ndefault\n${ZIPF_END}`);
  });

  it('running twice gives the same file', () => {
    const once = mergeResults(file, 'new', false);
    expect(mergeResults(once, 'new', false)).toBe(once);
    const large = mergeResults(file, 'new', true);
    expect(mergeResults(large, 'new', true)).toBe(large);
  });
});
