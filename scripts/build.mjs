// Compiles src/ to dist/ (ESM for Node 20) with esbuild, and copies the SQL migrations and the
// prebuild data files beside the code that reads them. `npm start` runs it first (prestart): a
// fraction of a second, and the
// service then runs plain JavaScript — no TypeScript loader thread in the process (≈ 80 MB less
// memory than running the sources through tsx; see docs/ARCHITECTURE.md).
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';
import { buildConsole } from './build-console.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const out = join(root, 'dist');

const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
  .map((f) => join(src, f));

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: sources,
  outdir: out,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
});
cpSync(join(src, 'db', 'migrations'), join(out, 'db', 'migrations'), { recursive: true });
// Prebuilds are data files read at run time (docs/prebuilds.md).
cpSync(join(src, 'domain', 'prebuilds', 'data'), join(out, 'domain', 'prebuilds', 'data'), { recursive: true });

// The admin console, rebuilt only when its sources changed (a few seconds; see docs/console.md).
await buildConsole();
