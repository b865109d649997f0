import { useQueries } from '@tanstack/react-query';
import { listRecords, PAGE_LIMIT } from '../../api/records.ts';
import type { Field, RecordRow } from '../../api/types.ts';
import { relationId } from './values.tsx';

/** fieldKey → (related record id → its name). */
export type RelationNames = ReadonlyMap<string, ReadonlyMap<string, string>>;

/**
 * The names of the records the page's relation cells point to, as the API names them (`record.name`):
 * one list call per relation column, `filter.id.in=<the page's ids>`.
 */
export function useRelationNames(fields: Field[], rows: RecordRow[]): RelationNames {
  const relations = fields.filter((f) => f.type === 'relation');
  const queries = useQueries({
    queries: relations.map((field) => {
      const related = String(field.config?.relatedEntity ?? field.config?.entity ?? '');
      const ids = [...new Set(rows.map((r) => relationId(r.data[field.fieldKey])).filter((id): id is string => id !== null))].sort();
      return {
        queryKey: ['relation-names', related, ids],
        queryFn: () =>
          listRecords(related, { page: 1, limit: PAGE_LIMIT, filters: [{ field: 'id', op: 'in' as const, value: ids.join(',') }] }),
        enabled: ids.length > 0 && related !== '',
        staleTime: 30_000,
      };
    }),
  });
  return new Map(relations.map((field, i) => [field.fieldKey, new Map((queries[i]?.data?.data ?? []).map((r) => [r.id, r.name || r.id]))]));
}
