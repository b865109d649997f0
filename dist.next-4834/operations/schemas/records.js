import { z } from "zod";
import { timestamp } from "../core/schemas.js";
const recordOutput = z.strictObject({
  id: z.string(),
  entityId: z.string(),
  name: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
  updatedAt: timestamp
});
const recordPageOutput = z.strictObject({
  data: z.array(recordOutput),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int()
});
const scoredRecordsOutput = z.array(recordOutput.extend({ similarity: z.number() }));
export {
  recordOutput,
  recordPageOutput,
  scoredRecordsOutput
};
//# sourceMappingURL=records.js.map
