import { validationError } from "../errors.js";
const MAX_INPUT_DEPTH = 64;
const NUL = "\0";
const NUL_MESSAGE = "must not contain the NUL character (U+0000)";
const join = (path, key) => path === "" ? key : `${path}.${key}`;
const visible = (name) => name.replaceAll(NUL, "\\u0000");
function inputProblem(value, name) {
  const stack = [[value, name, 0]];
  while (stack.length > 0) {
    const [current, path, depth] = stack.pop();
    if (typeof current === "string") {
      if (current.includes(NUL)) return { field: visible(path) || "(body)", message: NUL_MESSAGE };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return { field: visible(path) || "(body)", message: `is nested deeper than ${MAX_INPUT_DEPTH} levels` };
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i)), depth + 1]);
      continue;
    }
    const entries = Object.entries(current);
    for (const [key] of entries) {
      if (key.includes(NUL)) return { field: visible(join(path, key)), message: `key ${NUL_MESSAGE}` };
    }
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], join(path, entries[i][0]), depth + 1]);
  }
  return null;
}
function assertCleanInput(parts) {
  for (const [value, name] of parts) {
    const problem = inputProblem(value, name);
    if (problem) throw validationError(`Invalid input \u2014 ${problem.field}: ${problem.message}`, [problem]);
  }
}
export {
  MAX_INPUT_DEPTH,
  assertCleanInput,
  inputProblem
};
//# sourceMappingURL=input-guard.js.map
