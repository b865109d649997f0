import { z } from "zod";
import { prebuilds, prebuildSummary } from "../domain/prebuilds/catalog.js";
import { toolRef } from "../errors.js";
import { bind, defineGlobalOperation } from "./core/operation.js";
const prebuildOutput = z.strictObject({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  entities: z.array(z.string()),
  rules: z.number().int(),
  sampleRecords: z.number().int()
});
const listPrebuilds = defineGlobalOperation({
  name: "list_prebuilds",
  title: "List prebuilds",
  description: `Ready-made Spanish data models with rules and sample data, e.g. [{ name: "freelancer", entities: ["clientes", \u2026], rules, sampleRecords }]. Install one with ${toolRef("import_metadata")} { prebuild, sampleData? }.`,
  input: z.object({}),
  output: z.array(prebuildOutput),
  mode: "read",
  idempotent: true,
  profile: "advanced",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "GET", path: "/api/prebuilds" })],
  run: () => Promise.resolve([...prebuilds().values()].map(prebuildSummary))
});
export {
  listPrebuilds
};
//# sourceMappingURL=prebuilds.js.map
