import { listRecords, PAGE_LIMIT, type ListQuery } from '../../api/records.ts';
import type { Field, RecordRow } from '../../api/types.ts';

/** Every record matching the query's filters, search and sort, a page at a time (relations as ids). */
export async function exportPages(
  entity: string,
  query: ListQuery,
  run: (pages: number[], fetch: (page: number) => Promise<void>) => Promise<{ failures: { error: unknown }[] }>,
) {
  // An exact total: past the service's threshold the default is an estimate, and the pages to fetch follow from it.
  const base: ListQuery = { ...query, page: 1, limit: PAGE_LIMIT, resolve: false, count: 'exact' };
  const first = await listRecords(entity, base);
  const pages: RecordRow[][] = [first.data];
  const rest = Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => i + 2);
  const result = await run(rest, async (page) => {
    pages[page - 1] = (await listRecords(entity, { ...base, page })).data;
  });
  if (result.failures.length) throw result.failures[0]!.error;
  return pages.flat();
}

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export async function toCsv(fields: Field[], records: RecordRow[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const header = ['id', ...fields.map((f) => f.fieldKey), 'createdAt', 'updatedAt'];
  const rows = records.map((r) => [r.id, ...fields.map((f) => cell(r.data[f.fieldKey])), r.createdAt, r.updatedAt]);
  return Papa.unparse({ fields: header, data: rows });
}

export function download(filename: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A CSV cell as a value for the API: the API converts numeric strings for number fields itself;
 * the console reads what text cannot say (true/false, JSON objects); empty cells are left out.
 */
export function fromCsv(field: Field, text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  switch (field.type) {
    case 'boolean':
      return ['true', 'yes', '1'].includes(t.toLowerCase()) ? true : ['false', 'no', '0'].includes(t.toLowerCase()) ? false : t;
    case 'location':
    case 'file':
    case 'json':
      try {
        return JSON.parse(t) as unknown;
      } catch {
        return t;
      }
    default:
      return t;
  }
}
