import { z } from "zod";
import { timestamp } from "../core/schemas.js";
const channelSlug = z.string().trim().min(3, "slug needs 3 to 63 characters").max(63, "slug needs 3 to 63 characters").regex(/^[a-z0-9](-?[a-z0-9])*$/, "slug: lowercase letters and digits, single hyphens between them");
const permissionsOutput = z.record(z.string(), z.enum(["read", "readwrite"]));
const channelOutput = z.strictObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  permissions: permissionsOutput,
  published: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp
});
const toolOutput = z.strictObject({
  name: z.string(),
  description: z.string(),
  kind: z.enum(["derived", "custom"]),
  entity: z.string(),
  access: z.enum(["read", "write"]),
  version: z.number().int(),
  definitionHash: z.string().regex(/^[0-9a-f]{64}$/),
  params: z.record(z.string(), z.unknown())
});
const notice = z.string();
export {
  channelOutput,
  channelSlug,
  notice,
  permissionsOutput,
  toolOutput
};
//# sourceMappingURL=channels.js.map
