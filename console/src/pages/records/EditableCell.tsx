import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { updateRecord } from '../../api/records.ts';
import type { Field, RecordRow } from '../../api/types.ts';
import { describeError, fieldErrors } from '../../ui/errors.tsx';
import { FieldValueInput, formatValue, toInput } from './values.tsx';

interface Props {
  entity: string;
  field: Field;
  record: RecordRow;
  editable: boolean;
  onSaved: () => void;
}

/**
 * A grid cell: its value, and when the person may update records, an editor opened with a click
 * or Enter. Saving sends only this field; the API's message for it is shown under the input.
 */
export function EditableCell({ entity, field, record, editable, onSaved }: Props) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<unknown>(record.data[field.fieldKey]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = formatValue(field, record.data[field.fieldKey]);

  if (!editable) return <Text size="sm">{text}</Text>;
  if (!editing) {
    return (
      <UnstyledButton
        onClick={() => {
          setValue(record.data[field.fieldKey]);
          setError(null);
          setEditing(true);
        }}
        aria-label={`Edit ${field.name} of ${record.name || record.id}: ${text || 'empty'}`}
        w="100%"
        mih={22}
      >
        <Text size="sm">{text || '\u00a0'}</Text>
      </UnstyledButton>
    );
  }
  const save = async () => {
    setBusy(true);
    try {
      await updateRecord(entity, record.id, { [field.fieldKey]: toInput(field, value) });
      setEditing(false);
      onSaved();
    } catch (e) {
      setError(fieldErrors(e)[field.fieldKey] ?? describeError(e).message);
    } finally {
      setBusy(false);
    }
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setEditing(false);
    if (e.key === 'Enter' && field.type !== 'textarea' && field.type !== 'json') {
      e.preventDefault();
      void save();
    }
  };
  return (
    <Stack gap={4} onKeyDown={keys} miw={180}>
      <FieldValueInput field={field} value={value} onChange={setValue} label={field.name} error={error ?? undefined} autoFocus />
      <Group gap={4}>
        <ActionIcon size="sm" onClick={() => void save()} loading={busy} aria-label={`Save ${field.name}`}>
          <IconCheck size={14} aria-hidden />
        </ActionIcon>
        <ActionIcon size="sm" variant="default" onClick={() => setEditing(false)} aria-label="Cancel editing">
          <IconX size={14} aria-hidden />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
