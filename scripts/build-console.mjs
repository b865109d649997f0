// Builds the admin console (console/, Vite) into console/dist when its inputs changed since the last
// build, writes .br and .gz beside each asset (the service serves them to browsers that accept
// them), and measures the JavaScript of the first load against its 250 KB (compressed) budget.
//   node scripts/build-console.mjs            build if stale (what `npm start` and `npm run build` do)
//   node scripts/build-console.mjs --force    build anyway
//   node scripts/build-console.mjs --report   print the sizes of the current build
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import process from 'node:process';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const say = (line) => process.stdout.write(`${line}\n`);

const root = fileURLToPath(new URL('..', import.meta.url));
const app = join(root, 'console');
const out = join(app, 'dist');
const stampFile = join(out, '.build-stamp');
const BUDGET = 250 * 1024;
const INPUTS = [
  'console/src',
  'console/public',
  'console/index.html',
  'console/vite.config.ts',
  'console/package.json',
  'clients/typescript/src',
  'package-lock.json',
];

const files = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();

function inputHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    for (const file of statSync(path).isDirectory() ? files(path) : [path]) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

function compressAssets() {
  for (const file of files(out)) {
    if (!COMPRESSIBLE.test(file) || relative(out, file).startsWith('.vite')) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/** Lazily loaded chunks a signed-in administrator's first page adds to the sign-in page's. */
const SIGNED_IN = ['src/app/Shell.tsx', 'src/pages/entities/EntitiesPage.tsx'];

/** The JavaScript of the chunks named and their static imports, transitively (default: the sign-in page). */
export function loadSizes(extra = []) {
  const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of [entry, ...extra]) visit(key);
  const chunks = [...seen].map((k) => manifest[k].file);
  const sizes = { files: chunks, raw: 0, gzip: 0, brotli: 0 };
  for (const chunk of chunks) {
    const body = readFileSync(join(out, chunk));
    sizes.raw += body.length;
    sizes.gzip += gzipSync(body, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(body).length;
  }
  return sizes;
}

function report() {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const line = (s) => `${s.files.length} JS file(s), ${kb(s.raw)} raw, ${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli`;
  const first = loadSizes();
  const signedIn = loadSizes(SIGNED_IN);
  say(`console: first load (sign-in) ${line(first)}; budget ${kb(BUDGET)} compressed`);
  say(`console: signed in, on the entities page: ${line(signedIn)}`);
  if (first.gzip > BUDGET)
    throw new Error(`The console's first load is ${kb(first.gzip)} of gzipped JavaScript, over its ${kb(BUDGET)} budget`);
}

/** Builds when stale; answers whether it built. Without Vite installed (npm install --omit=dev) it says so and skips. */
export async function buildConsole({ force = false } = {}) {
  const hash = inputHash();
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) return false;
  let vite;
  try {
    vite = await import('vite');
  } catch {
    process.stderr.write('console: not built (Vite is not installed: run `npm install` with dev dependencies); /console will say so\n');
    return false;
  }
  const started = Date.now();
  // Vite takes NODE_ENV from the environment when it is set, and React then bundles its development
  // build: under Vitest (NODE_ENV=test, the e2e global setup) the first load was 214 KB gzip instead
  // of 148 KB for the same sources. The console is always built for production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ root: app, configFile: join(app, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  compressAssets();
  report();
  writeFileSync(stampFile, hash);
  say(`console: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--report')) report();
  else await buildConsole({ force: process.argv.includes('--force') });
}
