import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { deleteRecord, updateRecord } from '../../api/records.ts';
import type { Field } from '../../api/types.ts';
import { describeError, notifyDone, notifyError } from '../../ui/errors.tsx';
import type { useProgress } from '../../ui/progress.tsx';
import { FieldValueInput } from './values.tsx';

interface Props {
  entity: string;
  fields: Field[];
  ids: string[];
  can: { update: boolean; delete: boolean };
  progress: ReturnType<typeof useProgress>;
  onDone: () => void;
}

function report(verb: string, total: number, result: { failures: { index: number; error: unknown }[]; stopped: boolean }) {
  const ok = total - result.failures.length;
  if (result.failures.length === 0) notifyDone(`${ok} record(s) ${verb}${result.stopped ? ' (stopped early)' : ''}`);
  else
    notifyError(
      result.failures[0]!.error,
      `${result.failures.length} of ${total} could not be ${verb}: ${describeError(result.failures[0]!.error).message}`,
    );
}

/** Changes or deletes the selected records, one call per record, with progress. */
export function BulkActions({ entity, fields, ids, can, progress, onDone }: Props) {
  const [editing, setEditing] = useState(false);
  const [fieldKey, setFieldKey] = useState<string | null>(null);
  const [value, setValue] = useState<unknown>(null);
  const field = fields.find((f) => f.fieldKey === fieldKey);

  const applyEdit = async () => {
    if (!field) return;
    setEditing(false);
    const result = await progress.run(`Updating ${ids.length} record(s)`, ids, (id) =>
      updateRecord(entity, id, { [field.fieldKey]: value }).then(() => undefined),
    );
    report('updated', ids.length, result);
    onDone();
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${ids.length} record(s)?`,
      children: <Text size="sm">This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void progress
          .run(`Deleting ${ids.length} record(s)`, ids, (id) => deleteRecord(entity, id).then(() => undefined))
          .then((result) => {
            report('deleted', ids.length, result);
            onDone();
          }),
    });

  return (
    <Paper withBorder p="xs" role="region" aria-label="Selected records">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {ids.length} selected
        </Text>
        {can.update && (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            Edit a field…
          </Button>
        )}
        {can.delete && (
          <Button size="xs" variant="light" color="red" onClick={confirmDelete}>
            Delete selected
          </Button>
        )}
      </Group>
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Set a field on ${ids.length} record(s)`}>
        <Stack>
          <Select
            label="Field"
            data={fields.map((f) => ({ value: f.fieldKey, label: f.name }))}
            value={fieldKey}
            onChange={(v) => {
              setFieldKey(v);
              setValue(null);
            }}
          />
          {field && <FieldValueInput key={field.fieldKey} field={field} value={value} onChange={setValue} label="New value" />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button onClick={() => void applyEdit()} disabled={!field}>
              Apply to {ids.length} record(s)
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
