import { spawn } from "node:child_process";
import { writeSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import fc from "fast-check";
import { AppError } from "../../../errors.js";
import { compileExpression } from "./compile.js";
import { formatExpression } from "./format.js";
import { expression, mutation, rawString, record, tokenSoup } from "./fuzz-arbitraries.js";
import { changedSince, prototypeSnapshot } from "./prototype-snapshot.js";
const STALL_MS = 2e4;
const SLOW_MS = 1e3;
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
if (process.argv.includes("--child")) runCases(Number(option("seed")));
else supervise(Number(option("seed") ?? Math.floor(Math.random() * 2 ** 31)));
function supervise(seed) {
  const started = performance.now();
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ["--import", "tsx", script, "--child", `--seed=${seed}`], { stdio: ["ignore", "pipe", "inherit"] });
  let last = { at: Date.now(), phase: "start", done: 0 };
  let outcome;
  const watchdog = setInterval(() => {
    if (Date.now() - last.at < STALL_MS) return;
    console.error(
      `fuzz:dsl: no progress for ${STALL_MS / 1e3} s after ${last.done} cases of "${last.phase}": something hangs (replay with --seed=${seed})`
    );
    child.kill("SIGKILL");
  }, 1e3);
  createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line);
    if (message.type === "progress") last = { at: Date.now(), phase: message.phase, done: message.done };
    else outcome = message;
  });
  child.on("exit", (code) => {
    clearInterval(watchdog);
    const seconds = ((performance.now() - started) / 1e3).toFixed(1);
    if (outcome?.type === "done" && code === 0) {
      process.stdout.write(`fuzz:dsl: ${outcome.summary} in ${seconds} s (seed ${seed})
`);
      return;
    }
    console.error(outcome?.type === "failure" ? outcome.message : `fuzz:dsl: the child exited with ${code}`);
    console.error(`fuzz:dsl: FAILED after ${seconds} s (replay with npm run fuzz:dsl -- --seed=${seed})`);
    process.exitCode = 1;
  });
}
function runCases(seed) {
  const send = (message) => writeSync(1, `${JSON.stringify(message)}
`);
  const before = prototypeSnapshot();
  const clocks = [{ now: () => /* @__PURE__ */ new Date("2025-06-15T12:00:00Z") }, { now: () => new Date(Number.NaN) }];
  const tally = { cases: 0, compiled: 0, refused: 0, evaluations: 0 };
  let phase = "";
  function check(source, values, tree) {
    if (++tally.cases % 500 === 0) {
      const changed = changedSince(before);
      if (changed.length) throw new Error(`built-ins changed (${changed.join(", ")}) by the cases before ${JSON.stringify(source)}`);
      send({ type: "progress", phase, done: tally.cases });
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
    if (tree !== void 0 && !sameTree(compiled.ast, tree)) throw new Error(`printed tree did not parse back: ${source}`);
    for (const [i, record2] of [values, {}].entries()) {
      const started = performance.now();
      let result;
      try {
        result = compiled.evaluate(record2, clocks[i]);
      } catch (error) {
        throw new Error(`evaluate threw ${String(error)} for ${source}`);
      }
      if (performance.now() - started > SLOW_MS) throw new Error(`evaluation took over ${SLOW_MS} ms: ${source}`);
      const ok = result === null || typeof result === "string" || typeof result === "boolean" || typeof result === "number" && Number.isFinite(result) && !Object.is(result, -0);
      if (!ok) throw new Error(`evaluate answered ${String(result)} for ${source}`);
      tally.evaluations++;
    }
  }
  const phases = [
    ["syntax trees", 4e4, fc.property(expression, record, (tree, values) => check(formatExpression(tree), values, tree))],
    ["token soups", 3e4, fc.property(tokenSoup, record, (source, values) => check(source, values))],
    ["raw strings", 15e3, fc.property(rawString, record, (source, values) => check(source, values))],
    ["mutations", 25e3, fc.property(mutation(formatExpression), record, (source, values) => check(source, values))]
  ];
  try {
    const counts = [];
    for (const [name, numRuns, property] of phases) {
      phase = name;
      const start = tally.cases;
      fc.assert(property, { numRuns, seed: seed + counts.length });
      counts.push(`${name} ${tally.cases - start}`);
    }
    const changed = changedSince(before);
    if (changed.length) throw new Error(`built-ins changed: ${changed.join(", ")}`);
    const summary = `${tally.cases} expressions (${counts.join(", ")}): ${tally.compiled} compiled, ${tally.refused} refused as VALIDATION_ERROR, ${tally.evaluations} evaluations, built-ins unchanged`;
    send({ type: "done", summary });
  } catch (error) {
    send({ type: "failure", message: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
  }
}
function assertRuleError(error, source) {
  const detail = error instanceof AppError ? error.details?.[0] : void 0;
  const position = detail?.position;
  const valid = error instanceof AppError && error.code === "VALIDATION_ERROR" && error.details?.length === 1 && detail?.field === "expression" && typeof detail.expected === "string" && detail.expected !== "" && typeof position === "number" && Number.isInteger(position) && position >= 1 && position <= source.length + 1;
  if (!valid)
    throw new Error(`compile threw something other than a positioned VALIDATION_ERROR for ${JSON.stringify(source)}: ${String(error)}`);
}
function sameTree(a, b) {
  const strip = (expr) => JSON.stringify(expr, (key, value) => key === "position" ? void 0 : value);
  return strip(a) === strip(b);
}
//# sourceMappingURL=fuzz.js.map
