import type { TenantTx } from '../../db/with-tenant.js';
import type { PublishedEntity } from './entity.types.js';

/**
 * Work other features must do, in the same transaction, when an entity version is published:
 * e.g. records rebuild their unique-value index for fields that became unique. A hook that throws
 * (CONFLICT on existing duplicates) rolls the publish back. Hooks are values composed at start and
 * passed to the publishing functions; nothing registers itself.
 */
export type PublishHook = (tx: TenantTx, published: PublishedEntity, previous: PublishedEntity | null) => Promise<void>;

/** Runs the hooks the composition root composed (Services.hooks.onPublish), in order. */
export async function runPublishHooks(
  tx: TenantTx,
  hooks: readonly PublishHook[],
  published: PublishedEntity,
  previous: PublishedEntity | null,
): Promise<void> {
  for (const hook of hooks) await hook(tx, published, previous);
}
