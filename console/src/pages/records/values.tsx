import { Checkbox, Group, JsonInput, NumberInput, Select, TextInput, Textarea } from '@mantine/core';
import type { Field } from '../../api/types.ts';
import { formatDate } from '../../ui/format.ts';
import { RelationPicker } from './RelationPicker.tsx';

type Option = { value: string; label?: string };
export const selectOptions = (field: Field): Option[] =>
  Array.isArray(field.config?.options) ? field.config.options.map((o) => (typeof o === 'string' ? { value: o } : (o as Option))) : [];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A resolved relation (`resolve=true`: `{ id, name, data }`) carries the related record's name. */
export const relationName = (value: unknown): string | undefined =>
  isObject(value) && typeof value.name === 'string' && value.name !== '' ? value.name : undefined;

/** A relation's value as the API takes it: the related record's id. */
export const toInput = (field: Field, value: unknown): unknown => (field.type === 'relation' ? relationId(value) : value);

/** The id a relation value holds, resolved or not. */
export const relationId = (value: unknown): string | null =>
  isObject(value) && typeof value.id === 'string' ? value.id : typeof value === 'string' ? value : null;

/** A stored value as text for a cell or a label. */
export function formatValue(field: Field, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'datetime':
      return typeof value === 'string' ? formatDate(value) : String(value);
    case 'select':
      return selectOptions(field).find((o) => o.value === value)?.label ?? String(value);
    case 'relation':
      return relationName(value) ?? relationId(value) ?? '';
    case 'location':
      if (isObject(value))
        return [value.address, value.city, value.country].filter(Boolean).join(', ') || `${String(value.lat)}, ${String(value.lng)}`;
      return String(value);
    case 'file':
      if (isObject(value)) return String(value.name ?? value.url ?? '');
      return String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** `<input type="datetime-local">` speaks local time without a zone; the API takes ISO 8601. */
const toLocalInput = (iso: unknown) => {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

interface InputProps {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  label?: string | undefined;
  autoFocus?: boolean;
}

/** An input for a field's value, by type; empty means null (the API clears the field). */
export function FieldValueInput({ field, value, onChange, error, label, autoFocus }: InputProps) {
  const common = {
    label: label ?? field.name,
    error,
    required: field.required,
    autoFocus,
    description: field.description || undefined,
    'data-autofocus': autoFocus || undefined,
  };
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  const orNull = (v: string) => (v === '' ? null : v);
  switch (field.type) {
    case 'textarea':
      return <Textarea {...common} autosize minRows={2} value={text} onChange={(e) => onChange(orNull(e.currentTarget.value))} />;
    case 'number':
    case 'integer':
      return (
        <NumberInput
          {...common}
          allowDecimal={field.type === 'number'}
          value={typeof value === 'number' ? value : text}
          onChange={(v) => onChange(v === '' ? null : typeof v === 'number' ? v : Number(v))}
        />
      );
    case 'boolean':
      return (
        <Checkbox
          label={common.label}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          autoFocus={autoFocus}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" value={text.slice(0, 10)} onChange={(e) => onChange(orNull(e.currentTarget.value))} />;
    case 'datetime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={toLocalInput(value)}
          onChange={(e) => onChange(e.currentTarget.value ? new Date(e.currentTarget.value).toISOString() : null)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          clearable
          data={selectOptions(field).map((o) => ({ value: o.value, label: o.label ?? o.value }))}
          value={text || null}
          onChange={(v) => onChange(v)}
        />
      );
    case 'relation':
      return (
        <RelationPicker {...common} field={field} value={relationId(value)} initialLabel={relationName(value) ?? ''} onChange={onChange} />
      );
    case 'location': {
      const loc = isObject(value) ? value : {};
      const set = (patch: Record<string, unknown>) => {
        const next = { ...loc, ...patch };
        onChange(next.lat === undefined && next.lng === undefined ? null : next);
      };
      return (
        <Group grow align="flex-start">
          <NumberInput
            {...common}
            label={`${common.label} latitude`}
            value={typeof loc.lat === 'number' ? loc.lat : ''}
            onChange={(v) => set({ lat: typeof v === 'number' ? v : undefined })}
          />
          <NumberInput
            label={`${common.label} longitude`}
            value={typeof loc.lng === 'number' ? loc.lng : ''}
            onChange={(v) => set({ lng: typeof v === 'number' ? v : undefined })}
          />
          <TextInput
            label={`${common.label} address`}
            value={typeof loc.address === 'string' ? loc.address : ''}
            onChange={(e) => set({ address: e.currentTarget.value || undefined })}
          />
        </Group>
      );
    }
    case 'file': {
      const file = isObject(value) ? value : {};
      return (
        <TextInput
          {...common}
          type="url"
          placeholder="https://…"
          value={typeof file.url === 'string' ? file.url : ''}
          onChange={(e) => onChange(e.currentTarget.value ? { ...file, url: e.currentTarget.value } : null)}
        />
      );
    }
    case 'json':
      return <JsonLike {...common} value={value} onChange={onChange} />;
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : field.type === 'phone' ? 'tel' : 'text'}
          value={text}
          onChange={(e) => onChange(orNull(e.currentTarget.value))}
        />
      );
  }
}

function JsonLike({
  value,
  onChange,
  ...common
}: {
  value: unknown;
  onChange: (v: unknown) => void;
  label: string;
  error?: string | undefined;
}) {
  return (
    <JsonInput
      {...common}
      autosize
      minRows={3}
      formatOnBlur
      defaultValue={value === undefined || value === null ? '' : JSON.stringify(value, null, 2)}
      onChange={(text) => {
        if (text.trim() === '') return onChange(null);
        try {
          onChange(JSON.parse(text) as unknown);
        } catch {
          // Left as text: the API answers what is wrong with it.
          onChange(text);
        }
      }}
    />
  );
}
