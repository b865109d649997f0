import { ActionIcon, Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconPencil } from '@tabler/icons-react';
import {
  columnVisibilityFeature,
  createColumnHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ListQuery } from '../../api/records.ts';
import type { Field, RecordRow } from '../../api/types.ts';
import { formatDate } from '../../ui/format.ts';
import { EditableCell } from './EditableCell.tsx';

const features = tableFeatures({ rowSelectionFeature, columnVisibilityFeature });
const helper = createColumnHelper<typeof features, RecordRow>();

interface Props {
  entity: string;
  fields: Field[];
  rows: RecordRow[];
  query: ListQuery;
  onSort: (key: string) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  can: { update: boolean; delete: boolean };
  onOpen: (record: RecordRow) => void;
  onSaved: () => void;
}

function SortHeader({
  label,
  fieldKey,
  query,
  onSort,
}: {
  label: string;
  fieldKey: string;
  query: ListQuery;
  onSort: (key: string) => void;
}) {
  const active = query.sort === fieldKey;
  const Icon = !active ? IconArrowsSort : query.order === 'desc' ? IconArrowDown : IconArrowUp;
  return (
    <UnstyledButton
      onClick={() => onSort(fieldKey)}
      aria-label={`Sort by ${label}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 600 }}
    >
      {label}
      <Icon size={14} aria-hidden opacity={active ? 1 : 0.4} />
    </UnstyledButton>
  );
}

/** The records grid (TanStack Table over the API's page): selection, sortable headers, editable cells. */
export function RecordGrid({ entity, fields, rows, query, onSort, selection, onSelectionChange, can, onOpen, onSaved }: Props) {
  const selectable = can.update || can.delete;
  const columns = useMemo(
    () =>
      helper.columns([
        ...(selectable
          ? [
              helper.display({
                id: 'select',
                header: ({ table }) => (
                  <Checkbox
                    aria-label="Select all records on this page"
                    checked={table.getIsAllRowsSelected()}
                    indeterminate={table.getIsSomeRowsSelected()}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                  />
                ),
                cell: ({ row }) => (
                  <Checkbox
                    aria-label={`Select ${row.original.name || row.original.id}`}
                    checked={row.getIsSelected()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                ),
              }),
            ]
          : []),
        ...fields.map((field) =>
          helper.display({
            id: field.fieldKey,
            header: () => <SortHeader label={field.name} fieldKey={field.fieldKey} query={query} onSort={onSort} />,
            cell: ({ row }) => (
              <EditableCell
                key={row.original.updatedAt}
                entity={entity}
                field={field}
                record={row.original}
                editable={can.update}
                onSaved={onSaved}
              />
            ),
          }),
        ),
        helper.display({
          id: 'updatedAt',
          header: () => <SortHeader label="Updated" fieldKey="updatedAt" query={query} onSort={onSort} />,
          cell: ({ row }) => (
            <Text size="xs" c="dimmed">
              {formatDate(row.original.updatedAt)}
            </Text>
          ),
        }),
        helper.display({
          id: 'open',
          header: () => (
            <Text size="sm" fw={600}>
              Open
            </Text>
          ),
          cell: ({ row }) => (
            <ActionIcon variant="subtle" aria-label={`Open ${row.original.name || row.original.id}`} onClick={() => onOpen(row.original)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          ),
        }),
      ]),
    [entity, fields, query, onSort, selectable, can.update, onOpen, onSaved],
  );
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    state: { rowSelection: selection },
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    enableRowSelection: selectable,
  });

  return (
    <Table.ScrollContainer minWidth={Math.max(480, fields.length * 160)}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label={`Records of ${entity}`} aria-rowcount={rows.length}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th
                  key={header.id}
                  aria-sort={query.sort === header.id ? (query.order === 'desc' ? 'descending' : 'ascending') : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  <table.FlexRender header={header} />
                </Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id} bg={row.getIsSelected() ? 'var(--mantine-color-blue-light)' : undefined}>
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id} style={{ verticalAlign: 'top' }}>
                  <table.FlexRender cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
