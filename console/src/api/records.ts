import { api, data } from './client.ts';
import type { RecordPage, RecordRow } from './types.ts';

/** The largest page the API answers (docs/records.md). */
export const PAGE_LIMIT = 100;

/** The list operators of docs/records.md: `filter.<key>.<op>=value`. */
export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains', 'startsWith', 'isNull'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterClause {
  field: string;
  op: FilterOperator;
  value: string;
}

export interface ListQuery {
  page: number;
  limit: number;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  search?: string | undefined;
  filters: FilterClause[];
  resolve?: boolean;
  /** How `total` is counted (docs/records.md, "Totals"); the service's default estimates past a threshold. */
  count?: 'exact' | 'estimated' | 'none';
}

/** The list's query parameters: each filter clause is `filter.<field>.<op>=value`. */
function listParameters(query: ListQuery) {
  return {
    page: query.page,
    limit: query.limit,
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.order ? { order: query.order } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.resolve ? { resolve: true } : {}),
    ...(query.count ? { count: query.count } : {}),
    filter: Object.fromEntries(query.filters.map((f) => [`filter.${f.field}.${f.op}`, f.value])),
  };
}

export const listRecords = (entityName: string, query: ListQuery) =>
  data<RecordPage>()(
    api.GET('/api/entities/{entityName}/records', {
      params: { path: { entityName }, query: listParameters(query) },
    }),
  );

export const getRecord = (entityName: string, id: string) =>
  data<RecordRow>()(api.GET('/api/entities/{entityName}/records/{id}', { params: { path: { entityName, id } } }));

export const createRecord = (entityName: string, values: Record<string, unknown>) =>
  data<RecordRow>()(api.POST('/api/entities/{entityName}/records', { params: { path: { entityName } }, body: values }));

export const updateRecord = (entityName: string, id: string, values: Record<string, unknown>) =>
  data<RecordRow>()(api.PATCH('/api/entities/{entityName}/records/{id}', { params: { path: { entityName, id } }, body: values }));

export const deleteRecord = (entityName: string, id: string) =>
  data<{ id: string; deleted: boolean }>()(api.DELETE('/api/entities/{entityName}/records/{id}', { params: { path: { entityName, id } } }));
