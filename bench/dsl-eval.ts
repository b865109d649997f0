import { pathToFileURL } from 'node:url';
import { compileExpression, type Expr } from '../src/domain/rules/dsl/index.js';

/**
 * Micro-benchmark of the expression language: evaluations per second of a compiled invoice formula,
 * and parses+compiles per second of the same source. `npm run bench` runs it first (its line goes to
 * the log and to RESULTS.md); alone: `npx tsx bench/dsl-eval.ts`. Target: ≥ 1,000,000 evaluations/s.
 */

export const DSL_FORMULA = '(cantidad * precio - descuento) * (1 + iva / 100)';
export const DSL_TARGET = 1_000_000;
const ROUNDS = 5;
const ROUND_MS = 1_000;

export interface DslMeasure {
  nodes: number;
  evaluationsPerSecond: number;
  compilesPerSecond: number;
  line: string;
}

const countNodes = (e: Expr): number =>
  1 +
  (e.kind === 'unary'
    ? countNodes(e.operand)
    : e.kind === 'binary' || e.kind === 'logical'
      ? countNodes(e.left) + countNodes(e.right)
      : e.kind === 'call'
        ? e.args.reduce((n, a) => n + countNodes(a), 0)
        : 0);

/** Runs `batch` (which does `size` operations) for about `ms`; operations per second. */
function rate(batch: () => void, size: number, ms: number): number {
  let operations = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    batch();
    operations += size;
    elapsed = performance.now() - started;
  }
  return (operations / elapsed) * 1000;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function measureDslEvaluation(): DslMeasure {
  const compiled = compileExpression(DSL_FORMULA);
  // 64 different records, so nothing about one input can be specialised away.
  const records = Array.from({ length: 64 }, (_, i) => ({
    cantidad: 1 + (i % 7),
    precio: 9.95 + i,
    descuento: i % 3,
    iva: i % 2 ? 21 : 10.5,
  }));
  let sink = 0;
  const evaluateBatch = () => {
    for (let i = 0; i < 10_000; i++) sink += compiled.evaluate(records[i & 63]!) as number;
  };
  const compileBatch = () => {
    for (let i = 0; i < 200; i++) sink += compileExpression(DSL_FORMULA).identifiers.length;
  };
  rate(evaluateBatch, 10_000, ROUND_MS); // warm-up
  const evaluations = median(Array.from({ length: ROUNDS }, () => rate(evaluateBatch, 10_000, ROUND_MS)));
  rate(compileBatch, 200, ROUND_MS / 2);
  const compiles = median(Array.from({ length: ROUNDS }, () => rate(compileBatch, 200, ROUND_MS / 2)));
  if (!Number.isFinite(sink)) throw new Error('the formula answered a non-number');
  const nodes = countNodes(compiled.ast);
  const verdict = evaluations >= DSL_TARGET ? 'met' : 'MISSED';
  const line =
    `DSL: ${Math.round(evaluations).toLocaleString('en')} evaluations/s of the compiled ${nodes}-node formula \`${DSL_FORMULA}\` ` +
    `(median of ${ROUNDS} × ${ROUND_MS / 1000} s; target ≥ ${DSL_TARGET.toLocaleString('en')}: ${verdict}); ` +
    `${Math.round(compiles).toLocaleString('en')} parses+compiles/s of the same source`;
  return { nodes, evaluationsPerSecond: evaluations, compilesPerSecond: compiles, line };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${measureDslEvaluation().line}\n`);
}
