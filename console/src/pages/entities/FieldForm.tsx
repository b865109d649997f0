import { Checkbox, Group, Select, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addField, updateField, type FieldInput } from '../../api/entities.ts';
import type { Field, FieldConfig, FieldTypeInfo } from '../../api/types.ts';
import { fieldErrors, notifyDone } from '../../ui/errors.tsx';
import { textBinder } from '../../ui/bind.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { ConfigEditor } from './ConfigEditor.tsx';

interface Props {
  entityName: string;
  fieldTypes: FieldTypeInfo[];
  /** The field to edit; absent to add one. */
  field?: Field | undefined;
  onClose: () => void;
}

/** Adds or edits a field of the entity's draft; the API's messages appear at the inputs they concern. */
export function FieldForm({ entityName, fieldTypes, field, onClose }: Props) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    name: field?.name ?? '',
    fieldKey: field?.fieldKey ?? '',
    fieldType: field?.type ?? 'text',
    isRequired: field?.required ?? false,
    isUnique: field?.unique ?? false,
    description: field?.description ?? '',
    config: (field?.config ?? {}) as FieldConfig,
  });
  const type = fieldTypes.find((t) => t.type === values.fieldType);
  const save = useMutation({
    mutationFn: () => {
      const input: FieldInput = {
        name: values.name.trim(),
        fieldType: values.fieldType,
        isRequired: values.isRequired,
        isUnique: values.isUnique,
        description: values.description,
        config: values.config,
      };
      if (field) return updateField(entityName, field.fieldKey, input);
      return addField(entityName, { ...input, ...(values.fieldKey.trim() ? { fieldKey: values.fieldKey.trim() } : {}) });
    },
    onSuccess: async () => {
      notifyDone(field ? `Field "${values.name}" changed in the draft` : `Field "${values.name}" added to the draft`);
      await queryClient.invalidateQueries({ queryKey: ['entity', entityName] });
      await queryClient.invalidateQueries({ queryKey: ['entities'] });
      onClose();
    },
  });
  const errors = fieldErrors(save.error);
  const bind = textBinder(values, setValues, errors);
  return (
    <FormModal
      title={field ? `Edit field ${field.fieldKey}` : 'Add a field'}
      onClose={onClose}
      onSubmit={() => save.mutate()}
      submitLabel={field ? 'Save field' : 'Add field'}
      busy={save.isPending}
      error={save.error}
      size="lg"
    >
      <TextInput label="Name" required {...bind('name')} data-autofocus />
      <TextInput
        label="Field key"
        description={
          field ? 'Keys cannot be renamed: add a new field and remove this one' : 'snake_case; made from the name when left empty'
        }
        disabled={field !== undefined}
        {...bind('fieldKey')}
      />
      <Select
        label="Type"
        required
        allowDeselect={false}
        data={fieldTypes.map((t) => ({ value: t.type, label: t.type }))}
        value={values.fieldType}
        description={type ? `Value: ${type.value}` : undefined}
        // A new type starts from an empty config, as the API does.
        onChange={(v) => v && setValues({ ...values, fieldType: v, config: {} })}
        error={errors.fieldType ?? errors.type}
      />
      <Group>
        <Checkbox
          label="Required"
          checked={values.isRequired}
          onChange={(e) => setValues({ ...values, isRequired: e.currentTarget.checked })}
          error={errors.isRequired}
        />
        <Checkbox
          label="Unique"
          checked={values.isUnique}
          onChange={(e) => setValues({ ...values, isUnique: e.currentTarget.checked })}
          error={errors.isUnique}
        />
      </Group>
      <Textarea label="Description" {...bind('description')} />
      {type && type.config.length > 0 && (
        <ConfigEditor keys={type.config} config={values.config} onChange={(config) => setValues({ ...values, config })} errors={errors} />
      )}
    </FormModal>
  );
}
