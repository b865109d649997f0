import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import type { FilterClause, ListQuery } from '../../api/records.ts';
import type { EntitySchema } from '../../api/types.ts';

/** What the grid shows: the list query (paging, sort, search, filters) and the chosen columns. */
export function useListQuery(schema: EntitySchema, tenant: string) {
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: 20, filters: [], resolve: true });
  const dataFields = schema.fields.filter((f) => !f.isSystem);
  const [columns, setColumns] = useLocalStorage<string[]>({
    key: `tenantbase.columns.${tenant}.${schema.name}`,
    defaultValue: dataFields.slice(0, 8).map((f) => f.fieldKey),
  });
  const visible = columns.filter((key) => schema.fields.some((f) => f.fieldKey === key));
  return {
    query,
    columns: visible.length ? visible : dataFields.slice(0, 8).map((f) => f.fieldKey),
    setColumns,
    setPage: (page: number) => setQuery((q) => ({ ...q, page })),
    setLimit: (limit: number) => setQuery((q) => ({ ...q, limit, page: 1 })),
    setSearch: (search: string) => setQuery((q) => ({ ...q, search: search || undefined, page: 1 })),
    setFilters: (filters: FilterClause[]) => setQuery((q) => ({ ...q, filters, page: 1 })),
    toggleSort: (key: string) =>
      setQuery((q) => {
        if (q.sort !== key) return { ...q, sort: key, order: 'asc', page: 1 };
        if (q.order === 'asc') return { ...q, order: 'desc', page: 1 };
        return { ...q, sort: undefined, order: undefined, page: 1 };
      }),
  };
}
