import { main } from './cli/program.js';

/**
 * Entry point of the compiled service (`node dist/main.js <command>`, the `tenantbase` bin).
 * Source maps stay off: held for every module they cost the service 30–55 MB more at its peak
 * under load (bench/RESULTS.md, "Source maps"); `NODE_OPTIONS=--enable-source-maps` turns them on to read
 * TypeScript positions in the stacks `LOG_LEVEL=debug` logs (docs/operations.md).
 */
await main();
