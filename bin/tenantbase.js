#!/usr/bin/env node
// The `tenantbase` command: runs the compiled service in dist/ (built by `npm run build`, which
// `npm start` runs first, and shipped in the npm package). No TypeScript loader in the process.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('tenantbase: dist/ is missing; run `npm run build` in the checkout first (npm start does it)\n');
  process.exit(1);
}
await import(entry.href);
