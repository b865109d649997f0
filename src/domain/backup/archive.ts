import { validationError } from '../../errors.js';

/**
 * The archive: gzip-compressed JSON lines. A header (the tenant and the row count of each table),
 * then one line per row `{ "table", "row" }` (rows without `tenant_id`), then a trailer that
 * proves the archive is complete.
 */
export const ARCHIVE_FORMAT = 'tenantbase-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

export interface ArchiveTenant {
  id: string;
  name: string;
  slug: string;
  description: string;
}

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  serviceVersion: string;
  createdAt: string;
  tenant: ArchiveTenant;
  /** Rows per table, in restore order. */
  tables: Record<string, number>;
}

export interface ArchiveRow {
  table: string;
  row: Record<string, unknown>;
}

export interface ArchiveTrailer {
  end: true;
  rows: number;
}

export type ArchiveLine = ArchiveHeader | ArchiveRow | ArchiveTrailer;

/** Progress of a backup or restore: `done` of `total` rows of `table`. */
export interface BackupProgress {
  table: string;
  done: number;
  total: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseLine(text: string, lineNumber: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError(`The backup archive is damaged: line ${lineNumber} is not JSON`);
  }
}

export function checkHeader(value: unknown): ArchiveHeader {
  if (!isObject(value) || value.format !== ARCHIVE_FORMAT) {
    throw validationError('This is not a Tenantbase backup archive (its first line does not say so)');
  }
  if (value.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw validationError(
      `The backup archive has format version ${String(value.formatVersion)}; this service reads version ${ARCHIVE_FORMAT_VERSION}`,
    );
  }
  const tenant = value.tenant;
  if (
    !isObject(tenant) ||
    typeof tenant.id !== 'string' ||
    typeof tenant.name !== 'string' ||
    typeof tenant.slug !== 'string' ||
    typeof tenant.description !== 'string' ||
    !isObject(value.tables)
  ) {
    throw validationError('The backup archive is damaged: its header lacks the tenant or the table counts');
  }
  return value as unknown as ArchiveHeader;
}

export function isTrailer(value: unknown): value is ArchiveTrailer {
  return isObject(value) && value.end === true && typeof value.rows === 'number';
}

export function checkRow(value: unknown, lineNumber: number): ArchiveRow {
  if (!isObject(value) || typeof value.table !== 'string' || !isObject(value.row)) {
    throw validationError(`The backup archive is damaged: line ${lineNumber} is neither a row nor the end`);
  }
  return value as unknown as ArchiveRow;
}
