/**
 * Shapes of the API's answers as docs/entities.md, docs/records.md and docs/users.md describe them.
 * `Known<G, D>` takes the generated client's type `G` when the OpenAPI document describes it, and
 * the documented shape `D` while it answers `unknown`: when the document gains precise response
 * schemas, the generated types take over and the type checker shows where the console disagrees.
 */
export type Known<Generated, Documented> = unknown extends Generated ? Documented : Generated;

export interface Tenant {
  id: string;
  name: string;
  slug: string;
  description?: string | null;
  createdAt?: string;
}

export interface Admin {
  id: string;
  email: string;
  name: string;
}

export type Role = 'owner' | 'admin' | 'member' | 'viewer';
export type RecordAction = 'create' | 'read' | 'update' | 'delete';

export interface Permissions {
  entities?: Record<string, RecordAction[]>;
  canManageUsers?: boolean;
  canManageSettings?: boolean;
}

export interface TenantUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  isActive: boolean;
  permissions: Permissions;
  metadata: Record<string, unknown>;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKey {
  id: string;
  name: string;
  scope: 'tenant' | 'admin';
  prefix: string;
  tenantId: string | null;
  createdAt: string;
  lastUsedAt?: string | null;
  key?: string;
}

export interface EntitySummary {
  name: string;
  displayName: string;
  description: string;
  fieldCount: number;
  status: 'draft' | 'published';
  version: number;
  hasDraft: boolean;
}

export type FieldConfig = Record<string, unknown>;

/** A field as the schema and field list answer it. */
export interface Field {
  name: string;
  fieldKey: string;
  type: string;
  required: boolean;
  unique?: boolean;
  isSystem?: boolean;
  description?: string;
  config?: FieldConfig;
}

export interface FieldTypeInfo {
  type: string;
  value: string;
  /** The config keys the type accepts. */
  config: string[];
}

export interface EntitySchema {
  name: string;
  displayName: string;
  description: string;
  icon?: string;
  config?: { displayField?: string };
  version: number;
  status: 'draft' | 'published';
  publishedVersion?: number | null;
  hasDraft?: boolean;
  fields: Field[];
  fieldTypes?: string[];
}

export interface FieldList {
  entityName: string;
  version: number;
  status: 'draft' | 'published';
  publishedVersion: number | null;
  fields: Field[];
  fieldTypes: FieldTypeInfo[];
}

/** A field as a definition writes it (generate_entity, list_entity_changes' before/after). */
export interface FieldDefinition {
  name: string;
  fieldKey: string;
  fieldType: string;
  isRequired: boolean;
  isUnique: boolean;
  description: string;
  config: FieldConfig;
}

export interface EntityChanges {
  entityName: string;
  publishedVersion: number | null;
  draftVersion: number | null;
  hasChanges: boolean;
  added: Field[];
  removed: Field[];
  /** `changes` names definition properties (isRequired, config…), as `before` and `after` are written. */
  changed: { fieldKey: string; changes: string[]; before: FieldDefinition; after: FieldDefinition }[];
  entity: { property: string; before: unknown; after: unknown }[];
  history: { version: number; message: string | null; publishedAt: string }[];
}

export interface RecordRow {
  id: string;
  entityId: string;
  name: string;
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface RecordPage {
  data: RecordRow[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}
