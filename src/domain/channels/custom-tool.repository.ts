import type { TenantTx } from '../../db/with-tenant.js';
import type { CustomToolRow } from './channel.types.js';

const COLUMNS = `name, description, params, action, version, created_at as "createdAt", updated_at as "updatedAt"`;
type Row = CustomToolRow & Record<string, unknown>;

export function listCustomTools(tx: TenantTx): Promise<CustomToolRow[]> {
  return tx.query<Row>(`select ${COLUMNS} from channel_tools where tenant_id = $1 order by name`, [tx.tenantId]);
}

export async function findCustomTool(tx: TenantTx, name: string): Promise<CustomToolRow | null> {
  const [row] = await tx.query<Row>(`select ${COLUMNS} from channel_tools where tenant_id = $1 and name = $2`, [tx.tenantId, name]);
  return row ?? null;
}

export interface CustomToolFields {
  name: string;
  description: string;
  params: Record<string, unknown>;
  action: Record<string, unknown>;
}

export async function insertCustomTool(tx: TenantTx, tool: CustomToolFields, now: Date): Promise<CustomToolRow> {
  const [row] = await tx.query<Row>(
    `insert into channel_tools (tenant_id, name, description, params, action, version, created_at, updated_at)
     values ($1, $2, $3, $4::text::jsonb, $5::text::jsonb, 1, $6, $6) returning ${COLUMNS}`,
    [tx.tenantId, tool.name, tool.description, JSON.stringify(tool.params), JSON.stringify(tool.action), now],
  );
  return row!;
}

/** Replaces the definition and counts a new version; null when the tenant has no such tool. */
export async function updateCustomTool(tx: TenantTx, tool: CustomToolFields, now: Date): Promise<CustomToolRow | null> {
  const [row] = await tx.query<Row>(
    `update channel_tools set description = $3, params = $4::text::jsonb, action = $5::text::jsonb, version = version + 1, updated_at = $6
      where tenant_id = $1 and name = $2 returning ${COLUMNS}`,
    [tx.tenantId, tool.name, tool.description, JSON.stringify(tool.params), JSON.stringify(tool.action), now],
  );
  return row ?? null;
}

export async function deleteCustomTool(tx: TenantTx, name: string): Promise<boolean> {
  const rows = await tx.query('delete from channel_tools where tenant_id = $1 and name = $2 returning name', [tx.tenantId, name]);
  return rows.length > 0;
}
