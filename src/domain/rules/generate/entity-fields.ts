import type { TenantTx } from '../../../db/with-tenant.js';
import { requireEntityState } from '../../entities/entity.service.js';
import type { FieldInfo } from './field-names.js';

/**
 * The fields a generated rule may use: those of the published version and of the draft, as a
 * created rule may (a rule can be written before its fields are published). 404 for an unknown entity.
 */
export async function fieldsForRules(tx: TenantTx, entityName: string): Promise<FieldInfo[]> {
  const state = await requireEntityState(tx, entityName);
  const byKey = new Map<string, FieldInfo>();
  for (const version of [state.published, state.draft]) {
    for (const f of version?.definition.fields ?? []) byKey.set(f.fieldKey, { fieldKey: f.fieldKey, name: f.name, fieldType: f.fieldType });
  }
  return [...byKey.values()];
}
