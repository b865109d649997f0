import { createHash } from 'node:crypto';
import { canonicalJson } from '../entities/schema-view.js';

/**
 * SHA-256 (hex) of a tool's canonical JSON — keys sorted at every level, no whitespace — so the
 * same definition hashes the same in every process and after every restart, and any edit changes it.
 */
export function definitionHash(definition: unknown): string {
  return createHash('sha256').update(canonicalJson(definition)).digest('hex');
}
