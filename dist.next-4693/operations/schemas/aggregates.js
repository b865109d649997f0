import { z } from "zod";
import { AGGREGATE_OPS } from "../../domain/records/aggregate-query.js";
const aggregateValue = z.union([z.number(), z.string(), z.null()]);
const aggregateOutput = z.union([
  z.strictObject({
    op: z.enum(AGGREGATE_OPS),
    field: z.string().nullable(),
    value: aggregateValue,
    count: z.number().int()
  }),
  z.strictObject({
    op: z.enum(AGGREGATE_OPS),
    field: z.string().nullable(),
    groupBy: z.string(),
    groups: z.array(z.strictObject({ key: z.unknown(), value: aggregateValue, count: z.number().int() })),
    totalGroups: z.number().int(),
    truncated: z.boolean()
  })
]);
export {
  aggregateOutput
};
//# sourceMappingURL=aggregates.js.map
