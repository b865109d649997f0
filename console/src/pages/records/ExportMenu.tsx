import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ListQuery } from '../../api/records.ts';
import type { Field } from '../../api/types.ts';
import { notifyDone, notifyError } from '../../ui/errors.tsx';
import type { useProgress } from '../../ui/progress.tsx';
import { download, exportPages, toCsv } from './transfer.ts';

/** Downloads every record of the current filter, search and sort as CSV or JSON. */
export function ExportMenu({
  entity,
  fields,
  query,
  progress,
}: {
  entity: string;
  fields: Field[];
  query: ListQuery;
  progress: ReturnType<typeof useProgress>;
}) {
  const run = async (format: 'csv' | 'json') => {
    try {
      const records = await exportPages(entity, query, (pages, fetch) => progress.run(`Exporting ${entity}`, pages, fetch, 2));
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      if (format === 'csv') download(`${entity}-${stamp}.csv`, 'text/csv', await toCsv(fields, records));
      else download(`${entity}-${stamp}.json`, 'application/json', JSON.stringify(records, null, 2));
      progress.close();
      notifyDone(`Exported ${records.length} record(s)`);
    } catch (error) {
      notifyError(error, 'The export failed');
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Records matching the current filters</Menu.Label>
        <Menu.Item onClick={() => void run('csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => void run('json')}>JSON</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
