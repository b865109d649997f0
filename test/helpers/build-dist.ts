import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Once per run: compiles src/ to dist/ (the service only), so the tests that run the real command
 * — `bin/tenantbase.js`, `npm start` — run the code under test, not a stale build.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`scripts/build.mjs --server failed:\n${built.stderr}`);
}
