import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createRecord, deleteRecord, updateRecord } from '../../api/records.ts';
import type { Field, RecordRow } from '../../api/types.ts';
import { ErrorAlert, fieldErrors, notifyDone } from '../../ui/errors.tsx';
import { formatDate } from '../../ui/format.ts';
import { FieldValueInput, toInput } from './values.tsx';

interface Props {
  entity: string;
  fields: Field[];
  /** The record to edit or look at; absent to create one. */
  record?: RecordRow | undefined;
  can: { create: boolean; update: boolean; delete: boolean };
  onClose: () => void;
  onSaved: () => void;
}

/** A record's form: every field, with the API's message at each refused one. */
export function RecordDrawer({ entity, fields, record, can, onClose, onSaved }: Props) {
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...(record?.data ?? {}) }));
  const editable = record ? can.update : can.create;
  const save = useMutation({
    mutationFn: () => {
      const changed: Record<string, unknown> = {};
      for (const f of fields) {
        const value = toInput(f, values[f.fieldKey]);
        const before = record ? toInput(f, record.data[f.fieldKey]) : undefined;
        if (JSON.stringify(value) === JSON.stringify(before)) continue;
        if (!record && (value === null || value === undefined)) continue;
        changed[f.fieldKey] = value ?? null;
      }
      return record ? updateRecord(entity, record.id, changed) : createRecord(entity, changed);
    },
    onSuccess: () => {
      notifyDone(record ? 'Record saved' : 'Record created');
      onSaved();
      onClose();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteRecord(entity, record!.id),
    onSuccess: () => {
      notifyDone('Record deleted');
      onSaved();
      onClose();
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={record ? record.name || 'Record' : 'New record'}>
      <form onSubmit={submit}>
        <Stack>
          {record && (
            <Text size="xs" c="dimmed">
              id {record.id} · created {formatDate(record.createdAt)} · updated {formatDate(record.updatedAt)}
            </Text>
          )}
          <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              {fields.map((f) => (
                <FieldValueInput
                  key={f.fieldKey}
                  field={f}
                  value={values[f.fieldKey]}
                  onChange={(v) => setValues((all) => ({ ...all, [f.fieldKey]: v }))}
                  error={errors[f.fieldKey]}
                />
              ))}
            </Stack>
          </fieldset>
          <ErrorAlert error={save.error ?? remove.error} />
          <Group justify="space-between">
            {record && can.delete ? (
              <Button color="red" variant="outline" onClick={() => remove.mutate()} loading={remove.isPending}>
                Delete record
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                {editable ? 'Cancel' : 'Close'}
              </Button>
              {editable && (
                <Button type="submit" loading={save.isPending}>
                  {record ? 'Save' : 'Create record'}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
