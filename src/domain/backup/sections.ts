import { INDEX_SLOT_COLUMNS } from '../entities/indexes/index-definition.js';

/**
 * What a tenant backup holds: every tenant table, in the order a restore inserts them (a table
 * after the tables its foreign keys point to). Each feature adds its tables here — one entry each —
 * or to NOT_BACKED_UP with the reason; `test/ops/backup-coverage.test.ts` fails while a tenant
 * table of the schema is in neither list (docs/backup.md, "Adding a feature").
 */
export interface BackupTable {
  /** The feature the table belongs to (for progress lines and docs). */
  readonly feature: string;
  readonly table: string;
  /** Its primary key after `tenant_id`: the order rows are read in, page by page. */
  readonly key: readonly string[];
  /**
   * Rows per page read and per batch inserted, when not the default 500: site file contents are up
   * to the deploy limit each, so they go a few at a time to keep memory bounded.
   */
  readonly pageSize?: number;
  /** Columns derived from the others, left out of the archive: the restore's inserts compute them again. */
  readonly derived?: readonly string[];
}

export const BACKUP_TABLES: readonly BackupTable[] = [
  { feature: 'entities', table: 'entities', key: ['id'] },
  { feature: 'entities', table: 'entity_versions', key: ['entity_id', 'version'] },
  // Before records: restoring a record computes the keys of its entity's indexes (the records
  // trigger), so the indexes come first; the key columns themselves are derived.
  { feature: 'entities', table: 'entity_indexes', key: ['entity_id', 'name'] },
  { feature: 'users', table: 'tenant_users', key: ['id'] },
  { feature: 'records', table: 'records', key: ['id'], derived: INDEX_SLOT_COLUMNS },
  { feature: 'records', table: 'record_unique_values', key: ['entity_id', 'field_key', 'value'] },
  { feature: 'channels', table: 'channel_tools', key: ['name'] },
  { feature: 'channels', table: 'channel_audit', key: ['id'] },
  { feature: 'rules', table: 'business_rules', key: ['id'] },
  { feature: 'bots', table: 'bots', key: ['id'] },
  // Static sites: contents, then sites (their subdomain claims are made as they are restored:
  // site-claims.ts), deploys (versions: history and the live one), and each deploy's files.
  { feature: 'sites', table: 'site_blobs', key: ['hash'], pageSize: 4 },
  { feature: 'sites', table: 'sites', key: ['id'] },
  { feature: 'sites', table: 'site_versions', key: ['site_id', 'number'] },
  { feature: 'sites', table: 'site_files', key: ['site_id', 'version', 'path'] },
];

/** Tenant tables a backup leaves out, and why. */
export const NOT_BACKED_UP: Readonly<Record<string, string>> = {
  user_sessions: 'sessions are credentials of one service: users sign in again after a restore',
  record_counts: 'derived from records: the triggers on records count the restored records as the restore inserts them',
  rule_runs: 'a bounded log of past rule runs (docs/rules.md), not state: saves after the restore write new runs',
};
