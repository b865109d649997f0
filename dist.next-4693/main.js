import { main } from "./cli/program.js";
process.setSourceMapsEnabled(true);
await main();
//# sourceMappingURL=main.js.map
