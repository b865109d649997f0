import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A striped list table that scrolls sideways on narrow screens; rows are `<Table.Tr>` children. */
export function ListTable({
  label,
  headers,
  minWidth,
  children,
}: {
  label: string;
  headers: ReactNode[];
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
