import type { ChannelPermission } from '../access/principal.js';

/** A channel as stored in the directory (global table `channels`, migration 013). */
export interface ChannelRow {
  id: string;
  tenantId: string;
  slug: string;
  name: string;
  description: string;
  tags: string[];
  permissions: Record<string, ChannelPermission>;
  published: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A custom tool as stored (`channel_tools`): its parameter schema and declarative action. */
export interface CustomToolRow {
  name: string;
  description: string;
  params: Record<string, unknown>;
  action: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What a tool does to which entity, whatever its origin. */
export type ToolAccess = 'read' | 'write';

/** A tool as consumers see it: derived from an entity or defined by the owner. */
export interface ChannelTool {
  name: string;
  description: string;
  kind: 'derived' | 'custom';
  entity: string;
  access: ToolAccess;
  /** Derived tools: the entity's published version. Custom tools: 1, then +1 per edit. */
  version: number;
  /** SHA-256 (hex) of the tool's canonical JSON definition: pin it to notice a change. */
  definitionHash: string;
  params: Record<string, unknown>;
}
