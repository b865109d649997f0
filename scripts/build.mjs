// Compiles src/ to dist/ (ESM for Node 20) with esbuild, and copies the SQL migrations and the
// prebuild data files beside the code that reads them. `npm start` runs it first (prestart): a fraction of a second, and the
// service then runs plain JavaScript — no TypeScript loader thread in the process (≈ 80 MB less
// memory than running the sources through tsx; see docs/ARCHITECTURE.md).
//   node scripts/build.mjs            the service and (when stale) the admin console
//   node scripts/build.mjs --server   the service only (what `npm run mcp` and the test suite use)
// The new build is written beside dist/ and swapped in by renames, so a process started from the
// old dist/ meanwhile (a test, a running `tenantbase`) never reads a half-written file.
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const out = join(root, 'dist');

/** Compiles the service into dist/. */
export async function buildServer() {
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(src, f));
  const next = `${out}.next-${process.pid}`;
  const old = `${out}.old-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    entryPoints: sources,
    outdir: next,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(join(src, 'db', 'migrations'), join(next, 'db', 'migrations'), { recursive: true });
  // Prebuilds are data files read at run time (docs/prebuilds.md).
  cpSync(join(src, 'domain', 'prebuilds', 'data'), join(next, 'domain', 'prebuilds', 'data'), { recursive: true });
  // Two builds at once (two test projects starting) both swap; either result is the same build.
  const ignore = (codes, fn) => {
    try {
      fn();
    } catch (error) {
      if (!codes.includes(error.code)) throw error;
    }
  };
  if (existsSync(out)) ignore(['ENOENT'], () => renameSync(out, old));
  ignore(['ENOTEMPTY', 'EEXIST'], () => renameSync(next, out));
  rmSync(next, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  if (!process.argv.includes('--server')) {
    // The admin console, rebuilt only when its sources changed (a few seconds; see docs/console.md).
    const { buildConsole } = await import('./build-console.mjs');
    await buildConsole();
  }
}
