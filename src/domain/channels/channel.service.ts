import type { Queryable } from '../../db/database.js';
import type { TenantTx } from '../../db/with-tenant.js';
import { conflict, notFound, toolRef, validationError } from '../../errors.js';
import type { ChannelPermission } from '../access/principal.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import { findPublishedEntityCached, type PublishedEntityCache } from '../entities/published-entity.cache.js';
import {
  findChannelOfTenant,
  unpublishChannelRow,
  updateChannelRow,
  upsertPublishedChannel,
  type ChannelFields,
} from './channel.repository.js';
import type { ChannelRow, ChannelTool } from './channel.types.js';
import { customToolView } from './custom-tools.js';
import { listCustomTools } from './custom-tool.repository.js';
import { derivedTool, verbsOf } from './derived-tools.js';
import { sanitizeForeignText, TEXT_LIMITS } from './sanitize.js';

export type Grant = Readonly<Record<string, ChannelPermission>>;

/** NOT_FOUND for a slug that is unknown, unpublished or never was: the three answer alike. */
export const channelNotFound = (slug: string) =>
  notFound(`No published channel "${sanitizeForeignText(slug, 63)}"; ${toolRef('search_channels')} lists them`);

const noChannel = () => notFound(`This tenant has no channel; publish one with ${toolRef('publish_channel')}`);

/** Cleans what the owner writes before anyone else reads it. */
export function cleanFields(fields: ChannelFields): ChannelFields {
  return {
    ...fields,
    name: sanitizeForeignText(fields.name, TEXT_LIMITS.name),
    description: sanitizeForeignText(fields.description, TEXT_LIMITS.description),
    tags: [...new Set(fields.tags.map((t) => sanitizeForeignText(t, TEXT_LIMITS.tag).toLowerCase()).filter(Boolean))],
  };
}

/** The published entities of a grant, in grant order; VALIDATION_ERROR naming every entity that is not one. */
export async function grantedEntities(tx: TenantTx, cache: PublishedEntityCache, grant: Grant): Promise<PublishedEntity[]> {
  const found = await Promise.all(Object.keys(grant).map((name) => findPublishedEntityCached(tx, cache, name)));
  const problems = Object.keys(grant).flatMap((name, i) => {
    const entity = found[i];
    if (!entity) return [{ field: `permissions.${name}`, message: 'no such entity' }];
    if ('draftOnly' in entity) return [{ field: `permissions.${name}`, message: 'entity is not published' }];
    return [];
  });
  if (problems.length) {
    throw validationError(
      `permissions: ${problems.map((p) => `${p.field.slice(12)} (${p.message})`).join(', ')} — a channel lends published entities only (${toolRef('list_entities')})`,
      problems,
    );
  }
  return found as PublishedEntity[];
}

export async function publishChannel(
  db: Queryable,
  tx: TenantTx,
  cache: PublishedEntityCache,
  fields: ChannelFields,
  now: Date,
): Promise<ChannelRow> {
  await grantedEntities(tx, cache, fields.permissions);
  const existing = await findChannelOfTenant(db, tx.tenantId);
  if (existing?.published) {
    throw conflict(
      `This tenant already publishes channel "${existing.slug}" (one per tenant); change it with ${toolRef('update_channel')}`,
    );
  }
  return upsertPublishedChannel(db, tx.tenantId, cleanFields(fields), now);
}

export async function myChannel(db: Queryable, tenantId: string): Promise<ChannelRow> {
  const channel = await findChannelOfTenant(db, tenantId);
  if (!channel) throw noChannel();
  return channel;
}

export async function updateChannel(
  db: Queryable,
  tx: TenantTx,
  cache: PublishedEntityCache,
  patch: Partial<ChannelFields>,
  now: Date,
): Promise<ChannelRow> {
  const current = await myChannel(db, tx.tenantId);
  if (patch.permissions) await grantedEntities(tx, cache, patch.permissions);
  const next: ChannelFields = {
    slug: patch.slug ?? current.slug,
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    tags: patch.tags ?? current.tags,
    permissions: patch.permissions ?? current.permissions,
  };
  return updateChannelRow(db, tx.tenantId, cleanFields(next), now);
}

export async function unpublishChannel(db: Queryable, tenantId: string, now: Date): Promise<ChannelRow> {
  const row = await unpublishChannelRow(db, tenantId, now);
  if (!row) throw notFound(`This tenant has no published channel (${toolRef('get_my_channel')})`);
  return row;
}

/** A custom tool is usable while its entity's permission still allows its access. */
export const usable = (tool: ChannelTool, grant: Grant) =>
  Object.hasOwn(grant, tool.entity) && (tool.access === 'read' || grant[tool.entity] === 'readwrite');

/** Every tool of the channel: derived from each permitted entity, then the custom ones (usable or not). */
export async function channelTools(tx: TenantTx, cache: PublishedEntityCache, channel: ChannelRow): Promise<ChannelTool[]> {
  const derived: ChannelTool[] = [];
  for (const [name, permission] of Object.entries(channel.permissions)) {
    const entity = await findPublishedEntityCached(tx, cache, name);
    // An entity deleted or unpublished after the grant lends nothing.
    if (!entity || 'draftOnly' in entity) continue;
    for (const verb of verbsOf(permission)) derived.push(publicTool(derivedTool(verb, entity, channel.permissions)));
  }
  const custom = (await listCustomTools(tx)).map(customToolView);
  return [...derived, ...custom];
}

/** A tool as answered: without the service's internal fields. */
export const publicTool = (tool: ChannelTool): ChannelTool => ({
  name: tool.name,
  description: tool.description,
  kind: tool.kind,
  entity: tool.entity,
  access: tool.access,
  version: tool.version,
  definitionHash: tool.definitionHash,
  params: tool.params,
});

/** The channel as its owner sees it (the tenant is the caller's own). */
export function ownerView(row: ChannelRow): Omit<ChannelRow, 'tenantId'> {
  const { tenantId: _tenantId, ...view } = row;
  return view;
}
