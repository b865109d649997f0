import { z } from 'zod';
import { timestamp } from '../core/schemas.js';

/** A record as clients see it: entity fields under `data` (relations as ids, or `{ id, name, data }` when resolved). */
export const recordOutput = z.strictObject({
  id: z.string(),
  entityId: z.string(),
  name: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** One page of a list. */
export const recordPageOutput = z.strictObject({
  data: z.array(recordOutput),
  total: z.number().int(),
  totalExact: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  nextCursor: z.string().nullable(),
});

export const scoredRecordsOutput = z.array(recordOutput.extend({ similarity: z.number() }));
