import { Alert, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { createRecord } from '../../api/records.ts';
import type { Field } from '../../api/types.ts';
import { describeError, notifyDone } from '../../ui/errors.tsx';
import type { useProgress } from '../../ui/progress.tsx';
import { fromCsv } from './transfer.ts';

interface Parsed {
  columns: { header: string; field: Field | undefined }[];
  rows: Record<string, string>[];
}

/** A CSV header names a field by its key or its name (any case). */
const match = (fields: Field[], header: string) => {
  const h = header.trim().toLowerCase();
  return fields.find((f) => f.fieldKey.toLowerCase() === h || f.name.toLowerCase() === h);
};

function rowValues(parsed: Parsed, row: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const c of parsed.columns) {
    if (!c.field) continue;
    const v = fromCsv(c.field, row[c.header] ?? '');
    if (v !== undefined) values[c.field.fieldKey] = v;
  }
  return values;
}

/** CSV → preview of the first rows as the fields will receive them → one create per row, with progress. */
export function ImportModal({
  entity,
  fields,
  progress,
  onClose,
  onDone,
}: {
  entity: string;
  fields: Field[];
  progress: ReturnType<typeof useProgress>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failures, setFailures] = useState<{ row: number; message: string }[]>([]);

  const read = async (file: File | null) => {
    setParsed(null);
    setProblem(null);
    setFailures([]);
    if (!file) return;
    const { default: Papa } = await import('papaparse');
    const result = Papa.parse<Record<string, string>>(await file.text(), { header: true, skipEmptyLines: true });
    const headers = result.meta.fields ?? [];
    if (headers.length === 0 || result.data.length === 0) return setProblem('The file has no header row or no data rows.');
    const columns = headers.map((header) => ({ header, field: match(fields, header) }));
    if (!columns.some((c) => c.field))
      return setProblem(
        `No column matches a field of ${entity}. Name columns by field key or name: ${fields.map((f) => f.fieldKey).join(', ')}.`,
      );
    setParsed({ columns, rows: result.data });
  };

  const start = async () => {
    if (!parsed) return;
    const result = await progress.run(`Importing ${parsed.rows.length} row(s) into ${entity}`, parsed.rows, (row) =>
      createRecord(entity, rowValues(parsed, row)).then(() => undefined),
    );
    // Row numbers as a spreadsheet shows them: the header is row 1.
    setFailures(result.failures.map((f) => ({ row: f.index + 2, message: describeError(f.error).message })));
    notifyDone(`${parsed.rows.length - result.failures.length} record(s) imported`);
    onDone();
  };

  const used = parsed?.columns.filter((c) => c.field) ?? [];
  return (
    <Modal opened onClose={onClose} title={`Import ${entity} from CSV`} size="xl">
      <Stack>
        <FileInput
          label="CSV file"
          description="First row: field keys or names"
          accept=".csv,text/csv"
          clearable
          onChange={(f) => void read(f)}
        />
        {problem && <Alert color="red">{problem}</Alert>}
        {parsed && (
          <>
            <Text size="sm">
              {parsed.rows.length} row(s). Columns used: {used.map((c) => `${c.header} → ${c.field!.fieldKey}`).join(', ')}
              {parsed.columns.length > used.length &&
                `; ignored: ${parsed.columns
                  .filter((c) => !c.field)
                  .map((c) => c.header)
                  .join(', ')}`}
            </Text>
            <Table.ScrollContainer minWidth={400}>
              <Table withTableBorder aria-label="Preview of the first rows">
                <Table.Thead>
                  <Table.Tr>
                    {used.map((c) => (
                      <Table.Th key={c.header}>{c.field!.name}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {parsed.rows.slice(0, 5).map((row, i) => {
                    const values = rowValues(parsed, row);
                    return (
                      <Table.Tr key={i}>
                        {used.map((c) => (
                          <Table.Td key={c.header}>{JSON.stringify(values[c.field!.fieldKey] ?? null)}</Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        {failures.length > 0 && (
          <Alert color="red" title={`${failures.length} row(s) were not imported`}>
            <List size="sm">
              {failures.slice(0, 20).map((f) => (
                <List.Item key={f.row}>
                  Row {f.row}: {f.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
          <Button onClick={() => void start()} disabled={!parsed || progress.busy}>
            Import {parsed ? `${parsed.rows.length} row(s)` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
