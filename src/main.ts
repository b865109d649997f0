import { main } from './cli/program.js';

/** Entry point of the compiled service (`node dist/main.js <command>`, the `tenantbase` bin). */
process.setSourceMapsEnabled(true);
await main();
