import type { PublishedEntity } from '../entities/entity.types.js';

/** A record as clients see it (docs/records.md). */
// A type alias (not an interface) so rows of this shape satisfy the driver's Row constraint.
export type RecordView = {
  id: string;
  entityId: string;
  name: string;
  data: Record<string, unknown>;
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** The published entity a record operation works against. */
export type RecordEntity = PublishedEntity;

/** The list answer (docs/records.md). */
export interface RecordPage {
  data: RecordView[];
  total: number;
  /** False when `total` is an estimate, or with count=none (docs/records.md, "Totals"). */
  totalExact: boolean;
  page: number;
  limit: number;
  totalPages: number;
  /** The `after` of the next page; null at the end. */
  nextCursor: string | null;
}
