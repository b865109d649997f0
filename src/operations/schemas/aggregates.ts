import { z } from 'zod';
import { AGGREGATE_OPS } from '../../domain/records/aggregate-query.js';

/** A number, an ISO 8601 date or instant (min/max of dates), or null when no record had a value. */
const aggregateValue = z.union([z.number(), z.string(), z.null()]);

/** The answer of aggregate_records: one value, or groups (docs/records.md, "Aggregates"). */
export const aggregateOutput = z.union([
  z.strictObject({
    op: z.enum(AGGREGATE_OPS),
    field: z.string().nullable(),
    value: aggregateValue,
    count: z.number().int(),
  }),
  z.strictObject({
    op: z.enum(AGGREGATE_OPS),
    field: z.string().nullable(),
    groupBy: z.string(),
    groups: z.array(z.strictObject({ key: z.unknown(), value: aggregateValue, count: z.number().int() })),
    totalGroups: z.number().int(),
    truncated: z.boolean(),
  }),
]);
