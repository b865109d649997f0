import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { validationError } from "../../errors.js";
import { checkPrebuild, prebuildFile } from "./prebuild.schema.js";
const PREBUILDS_DIR = fileURLToPath(new URL("./data/", import.meta.url));
function loadPrebuilds(dir = PREBUILDS_DIR) {
  const out = /* @__PURE__ */ new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    let raw;
    try {
      raw = JSON.parse(readFileSync(join(dir, file), "utf8"));
    } catch (error) {
      throw new Error(`prebuild ${file}: not valid JSON (${error.message})`);
    }
    const parsed = prebuildFile.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`);
      throw new Error(`prebuild ${file}: ${issues.join("; ")}`);
    }
    const problems = checkPrebuild(parsed.data);
    if (`${parsed.data.name}.json` !== file) problems.unshift(`name "${parsed.data.name}" differs from the file name`);
    if (problems.length) throw new Error(`prebuild ${file}: ${problems.join("; ")}`);
    out.set(parsed.data.name, Object.freeze(parsed.data));
  }
  return out;
}
let loaded;
function prebuilds() {
  return loaded ??= loadPrebuilds();
}
const prebuildNames = () => [...prebuilds().keys()];
function findPrebuild(name) {
  const found = prebuilds().get(name);
  if (!found) {
    const known = prebuildNames().join(", ");
    throw validationError(`Unknown prebuild "${name.slice(0, 80)}"; the prebuilds are: ${known}`, [
      { field: "prebuild", message: `one of ${known}` }
    ]);
  }
  return found;
}
const prebuildSummary = (p) => ({
  name: p.name,
  title: p.title,
  description: p.description,
  entities: p.entities.map((e) => e.name),
  rules: p.rules.length,
  sampleRecords: p.sampleData.length
});
export {
  PREBUILDS_DIR,
  findPrebuild,
  loadPrebuilds,
  prebuildNames,
  prebuildSummary,
  prebuilds
};
//# sourceMappingURL=catalog.js.map
