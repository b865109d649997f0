import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { AppError } from '../../../errors.js';
import { compileExpression } from './compile.js';
import { formatExpression } from './format.js';
import { expression, mutation, rawString, record, tokenSoup } from './fuzz-arbitraries.js';
import { changedSince, prototypeSnapshot } from './prototype-snapshot.js';
import type { EvalEnv, Expr } from './types.js';

/**
 * `npm run fuzz:dsl [-- --seed=N]`: property-based fuzzing of the expression language (CI runs it).
 * Over 110,000 generated expressions — syntax trees printed to text, token soups, raw strings and
 * mutations of valid expressions — it asserts that compiling throws nothing but VALIDATION_ERROR
 * (with a position inside the source), that evaluating never throws, never takes a second and never
 * answers NaN, ±Infinity or -0, that printed trees parse back to themselves, and that no built-in
 * prototype nor the global object changes. The cases run in a child process; the parent stops it
 * and fails if it reports no progress for 20 s (a hang), naming the seed to replay.
 */

const STALL_MS = 20_000;
const SLOW_MS = 1_000;
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

type Message = { type: 'progress'; phase: string; done: number } | { type: 'done'; summary: string } | { type: 'failure'; message: string };

if (process.argv.includes('--child')) runCases(Number(option('seed')));
else supervise(Number(option('seed') ?? Math.floor(Math.random() * 2 ** 31)));

function supervise(seed: number) {
  const started = performance.now();
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--child', `--seed=${seed}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let last = { at: Date.now(), phase: 'start', done: 0 };
  let outcome: Message | undefined;
  const watchdog = setInterval(() => {
    if (Date.now() - last.at < STALL_MS) return;
    console.error(
      `fuzz:dsl: no progress for ${STALL_MS / 1000} s after ${last.done} cases of "${last.phase}": something hangs (replay with --seed=${seed})`,
    );
    child.kill('SIGKILL');
  }, 1000);
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Message;
    if (message.type === 'progress') last = { at: Date.now(), phase: message.phase, done: message.done };
    else outcome = message;
  });
  child.on('exit', (code) => {
    clearInterval(watchdog);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (outcome?.type === 'done' && code === 0) {
      process.stdout.write(`fuzz:dsl: ${outcome.summary} in ${seconds} s (seed ${seed})\n`);
      return;
    }
    console.error(outcome?.type === 'failure' ? outcome.message : `fuzz:dsl: the child exited with ${code}`);
    console.error(`fuzz:dsl: FAILED after ${seconds} s (replay with npm run fuzz:dsl -- --seed=${seed})`);
    process.exitCode = 1;
  });
}

function runCases(seed: number) {
  const send = (message: Message) => writeSync(1, `${JSON.stringify(message)}\n`);
  const before = prototypeSnapshot();
  const clocks: EvalEnv[] = [{ now: () => new Date('2025-06-15T12:00:00Z') }, { now: () => new Date(Number.NaN) }];
  const tally = { cases: 0, compiled: 0, refused: 0, evaluations: 0 };
  let phase = '';

  function check(source: string, values: Record<string, unknown>, tree?: Expr) {
    if (++tally.cases % 500 === 0) {
      const changed = changedSince(before);
      if (changed.length) throw new Error(`built-ins changed (${changed.join(', ')}) by the cases before ${JSON.stringify(source)}`);
      send({ type: 'progress', phase, done: tally.cases });
    }
    let compiled;
    try {
      compiled = compileExpression(source);
    } catch (error) {
      assertRuleError(error, source);
      tally.refused++;
      return;
    }
    tally.compiled++;
    if (tree !== undefined && !sameTree(compiled.ast, tree)) throw new Error(`printed tree did not parse back: ${source}`);
    for (const [i, record] of [values, {}].entries()) {
      const started = performance.now();
      let result;
      try {
        result = compiled.evaluate(record, clocks[i]);
      } catch (error) {
        throw new Error(`evaluate threw ${String(error)} for ${source}`);
      }
      if (performance.now() - started > SLOW_MS) throw new Error(`evaluation took over ${SLOW_MS} ms: ${source}`);
      const ok =
        result === null ||
        typeof result === 'string' ||
        typeof result === 'boolean' ||
        (typeof result === 'number' && Number.isFinite(result) && !Object.is(result, -0));
      if (!ok) throw new Error(`evaluate answered ${String(result)} for ${source}`);
      tally.evaluations++;
    }
  }

  const phases: Array<[string, number, fc.IProperty<never>]> = [
    ['syntax trees', 40_000, fc.property(expression, record, (tree, values) => check(formatExpression(tree), values, tree))],
    ['token soups', 30_000, fc.property(tokenSoup, record, (source, values) => check(source, values))],
    ['raw strings', 15_000, fc.property(rawString, record, (source, values) => check(source, values))],
    ['mutations', 25_000, fc.property(mutation(formatExpression), record, (source, values) => check(source, values))],
  ] as never;
  try {
    const counts: string[] = [];
    for (const [name, numRuns, property] of phases) {
      phase = name;
      const start = tally.cases;
      fc.assert(property, { numRuns, seed: seed + counts.length });
      counts.push(`${name} ${tally.cases - start}`);
    }
    const changed = changedSince(before);
    if (changed.length) throw new Error(`built-ins changed: ${changed.join(', ')}`);
    const summary = `${tally.cases} expressions (${counts.join(', ')}): ${tally.compiled} compiled, ${tally.refused} refused as VALIDATION_ERROR, ${tally.evaluations} evaluations, built-ins unchanged`;
    send({ type: 'done', summary });
  } catch (error) {
    send({ type: 'failure', message: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
  }
}

function assertRuleError(error: unknown, source: string) {
  const detail = error instanceof AppError ? error.details?.[0] : undefined;
  const position = detail?.position;
  const valid =
    error instanceof AppError &&
    error.code === 'VALIDATION_ERROR' &&
    error.details?.length === 1 &&
    detail?.field === 'expression' &&
    typeof detail.expected === 'string' &&
    detail.expected !== '' &&
    typeof position === 'number' &&
    Number.isInteger(position) &&
    position >= 1 &&
    position <= source.length + 1;
  if (!valid)
    throw new Error(`compile threw something other than a positioned VALIDATION_ERROR for ${JSON.stringify(source)}: ${String(error)}`);
}

/** Equal trees, positions aside. */
function sameTree(a: Expr, b: Expr): boolean {
  const strip = (expr: Expr) => JSON.stringify(expr, (key, value: unknown) => (key === 'position' ? undefined : value));
  return strip(a) === strip(b);
}
