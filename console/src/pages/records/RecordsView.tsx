import { Alert, Button, Center, Group, Loader, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { listRecords } from '../../api/records.ts';
import type { EntitySchema, RecordRow } from '../../api/types.ts';
import { canOnRecords, useMyRights } from '../../session/rights.ts';
import { tenantSlugOf, useSignedIn } from '../../session/session.ts';
import { ErrorAlert } from '../../ui/errors.tsx';
import { useProgress } from '../../ui/progress.tsx';
import { BulkActions } from './BulkActions.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { FilterBar } from './FilterBar.tsx';
import { ImportModal } from './ImportModal.tsx';
import { RecordDrawer } from './RecordDrawer.tsx';
import { RecordGrid } from './RecordGrid.tsx';
import { useListQuery } from './useListQuery.ts';

/** The records of one published entity: toolbar, grid, paging, and the record drawer. */
export function RecordsView({ schema }: { schema: EntitySchema }) {
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const entity = schema.name;
  const list = useListQuery(schema, tenantSlugOf(session) ?? '');
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [open, setOpen] = useState<RecordRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const progress = useProgress();
  const rights = useMyRights();
  const can = {
    create: canOnRecords(rights, 'create', entity),
    update: canOnRecords(rights, 'update', entity),
    delete: canOnRecords(rights, 'delete', entity),
  };
  const records = useQuery({
    queryKey: ['records', entity, list.query],
    queryFn: () => listRecords(entity, list.query),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['records', entity] }), [queryClient, entity]);
  const search = useDebouncedCallback(list.setSearch, 300);
  const dataFields = schema.fields.filter((f) => !f.isSystem);
  const shown = list.columns.map((key) => dataFields.find((f) => f.fieldKey === key)).filter((f) => f !== undefined);
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const readOnly = !can.create && !can.update && !can.delete;

  return (
    <Stack gap="sm">
      {readOnly && (
        <Alert color="gray" role="status">
          Read-only: your role lets you read these records, not change them.
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <TextInput
            aria-label="Search records"
            placeholder="Search"
            leftSection={<IconSearch size={16} aria-hidden />}
            defaultValue={list.query.search ?? ''}
            onChange={(e) => search(e.currentTarget.value)}
            w={200}
          />
          <FilterBar fields={schema.fields} filters={list.query.filters} onApply={list.setFilters} />
        </Group>
        <Group gap="xs">
          <ColumnsMenu fields={dataFields} columns={list.columns} onChange={list.setColumns} />
          <ExportMenu entity={entity} fields={dataFields} query={list.query} progress={progress} />
          {can.create && (
            <>
              <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setImporting(true)}>
                Import CSV
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen('new')}>
                New record
              </Button>
            </>
          )}
        </Group>
      </Group>
      {selectedIds.length > 0 && (
        <BulkActions
          entity={entity}
          fields={dataFields}
          ids={selectedIds}
          can={can}
          progress={progress}
          onDone={() => {
            setSelection({});
            refresh();
          }}
        />
      )}
      {records.isError && <ErrorAlert error={records.error} />}
      {records.isPending ? (
        <Center h={160}>
          <Loader aria-label="Loading records" />
        </Center>
      ) : records.data && records.data.data.length === 0 ? (
        <Text c="dimmed" py="lg">
          {list.query.filters.length || list.query.search ? 'No record matches.' : 'No record yet.'}
        </Text>
      ) : (
        records.data && (
          <RecordGrid
            entity={entity}
            fields={shown}
            rows={records.data.data}
            query={list.query}
            onSort={list.toggleSort}
            selection={selection}
            onSelectionChange={setSelection}
            can={can}
            onOpen={setOpen}
            onSaved={refresh}
          />
        )
      )}
      {records.data && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" role="status" aria-live="polite">
            {records.data.totalExact === false ? 'about ' : ''}
            {records.data.total} record(s){records.isFetching ? ' · updating…' : ''}
          </Text>
          <Group gap="xs">
            <Select
              aria-label="Records per page"
              w={90}
              allowDeselect={false}
              data={['20', '50', '100']}
              value={String(list.query.limit)}
              onChange={(v) => v && list.setLimit(Number(v))}
            />
            <Pagination
              total={records.data.totalPages}
              value={list.query.page}
              onChange={list.setPage}
              size="sm"
              getControlProps={(c) => ({ 'aria-label': c === 'previous' ? 'Previous page' : c === 'next' ? 'Next page' : c })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          </Group>
        </Group>
      )}
      {open && (
        <RecordDrawer
          entity={entity}
          fields={dataFields}
          record={open === 'new' ? undefined : open}
          can={can}
          onClose={() => setOpen(null)}
          onSaved={refresh}
        />
      )}
      {importing && (
        <ImportModal entity={entity} fields={dataFields} progress={progress} onClose={() => setImporting(false)} onDone={refresh} />
      )}
      {progress.modal}
    </Stack>
  );
}
