import { z } from 'zod';
import { timestamp } from '../core/schemas.js';

/** 3–63 characters, like a site subdomain. */
export const channelSlug = z
  .string()
  .trim()
  .min(3, 'slug needs 3 to 63 characters')
  .max(63, 'slug needs 3 to 63 characters')
  .regex(/^[a-z0-9](-?[a-z0-9])*$/, 'slug: lowercase letters and digits, single hyphens between them');

export const permissionsOutput = z.record(z.string(), z.enum(['read', 'readwrite']));

/** The owner's view of its channel. */
export const channelOutput = z.strictObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  permissions: permissionsOutput,
  published: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A tool as discovery answers it. */
export const toolOutput = z.strictObject({
  name: z.string(),
  description: z.string(),
  kind: z.enum(['derived', 'custom']),
  entity: z.string(),
  access: z.enum(['read', 'write']),
  version: z.number().int(),
  definitionHash: z.string().regex(/^[0-9a-f]{64}$/),
  params: z.record(z.string(), z.unknown()),
});

export const notice = z.string();
