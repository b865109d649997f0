import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validationError } from '../../errors.js';
import { checkPrebuild, prebuildFile, type Prebuild } from './prebuild.schema.js';

/** Where the prebuilds live: one JSON file each (`npm run build` copies them beside the code). */
export const PREBUILDS_DIR = fileURLToPath(new URL('./data/', import.meta.url));

/** Reads and checks every prebuild file; a file that breaks its schema stops the service at start. */
export function loadPrebuilds(dir: string = PREBUILDS_DIR): ReadonlyMap<string, Prebuild> {
  const out = new Map<string, Prebuild>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      throw new Error(`prebuild ${file}: not valid JSON (${(error as Error).message})`);
    }
    const parsed = prebuildFile.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
      throw new Error(`prebuild ${file}: ${issues.join('; ')}`);
    }
    const problems = checkPrebuild(parsed.data);
    if (`${parsed.data.name}.json` !== file) problems.unshift(`name "${parsed.data.name}" differs from the file name`);
    if (problems.length) throw new Error(`prebuild ${file}: ${problems.join('; ')}`);
    out.set(parsed.data.name, Object.freeze(parsed.data));
  }
  return out;
}

let loaded: ReadonlyMap<string, Prebuild> | undefined;

/** The shipped prebuilds, read once (static data, like the migrations). */
export function prebuilds(): ReadonlyMap<string, Prebuild> {
  return (loaded ??= loadPrebuilds());
}

export const prebuildNames = (): string[] => [...prebuilds().keys()];

/** The prebuild called `name`; an unknown name is a VALIDATION_ERROR listing the known ones. */
export function findPrebuild(name: string): Prebuild {
  const found = prebuilds().get(name);
  if (!found) {
    const known = prebuildNames().join(', ');
    throw validationError(`Unknown prebuild "${name.slice(0, 80)}"; the prebuilds are: ${known}`, [
      { field: 'prebuild', message: `one of ${known}` },
    ]);
  }
  return found;
}

/** What list_prebuilds answers of a prebuild. */
export const prebuildSummary = (p: Prebuild) => ({
  name: p.name,
  title: p.title,
  description: p.description,
  entities: p.entities.map((e) => e.name),
  rules: p.rules.length,
  sampleRecords: p.sampleData.length,
});
