import { readFileSync } from 'node:fs';

/** The service's version (package.json), in a module of its own: `--version` loads nothing else. */
export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
