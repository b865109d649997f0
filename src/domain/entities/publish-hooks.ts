import type { TenantTx } from '../../db/with-tenant.js';
import type { PublishedEntity } from './entity.types.js';

/**
 * Work other features must do, in the same transaction, when an entity version is published:
 * e.g. records rebuild their unique-value index for fields that became unique. A hook that throws
 * (CONFLICT on existing duplicates) rolls the publish back.
 */
export type PublishHook = (tx: TenantTx, published: PublishedEntity, previous: PublishedEntity | null) => Promise<void>;

export const PUBLISH_HOOKS: PublishHook[] = [];

export async function runPublishHooks(tx: TenantTx, published: PublishedEntity, previous: PublishedEntity | null) {
  for (const hook of PUBLISH_HOOKS) await hook(tx, published, previous);
}
