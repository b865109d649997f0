import { ActionIcon, Button, Group, NumberInput, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getEntitySchema, listEntities } from '../../api/entities.ts';
import type { FieldConfig } from '../../api/types.ts';

type Option = { value: string; label?: string };
const asOptions = (v: unknown): Option[] => (Array.isArray(v) ? v.map((o) => (typeof o === 'string' ? { value: o } : (o as Option))) : []);
const num = (v: unknown) => (typeof v === 'number' ? v : '');

interface Props {
  /** The config keys the field type accepts, as the API lists them (manage_custom_fields list). */
  keys: string[];
  config: FieldConfig;
  onChange: (config: FieldConfig) => void;
  errors: Record<string, string>;
}

function set(config: FieldConfig, key: string, value: unknown): FieldConfig {
  const next = { ...config };
  if (value === '' || value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value;
  return next;
}

function OptionsEditor({ value, onChange, error }: { value: unknown; onChange: (v: Option[]) => void; error?: string | undefined }) {
  const options = asOptions(value);
  const update = (i: number, patch: Partial<Option>) => onChange(options.map((o, j) => (i === j ? { ...o, ...patch } : o)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Options
      </Text>
      {options.map((o, i) => (
        <Group key={i} gap={6} wrap="nowrap">
          <TextInput
            aria-label={`Option ${i + 1} value`}
            placeholder="value"
            value={o.value}
            onChange={(e) => update(i, { value: e.currentTarget.value })}
          />
          <TextInput
            aria-label={`Option ${i + 1} label`}
            placeholder="label (optional)"
            value={o.label ?? ''}
            onChange={(e) => update(i, { label: e.currentTarget.value || undefined })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove option ${i + 1}`}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => onChange([...options, { value: '' }])}
        w="fit-content"
      >
        Add option
      </Button>
      {error && (
        <Text c="red" size="xs" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function RelationEditor({ config, onChange, errors }: Omit<Props, 'keys'>) {
  const related = typeof config.relatedEntity === 'string' ? config.relatedEntity : typeof config.entity === 'string' ? config.entity : '';
  const entities = useQuery({ queryKey: ['entities', 'all'], queryFn: () => listEntities(true) });
  const schema = useQuery({
    queryKey: ['entity-schema', related, 'working'],
    queryFn: () => getEntitySchema(related, 'draft').catch(() => getEntitySchema(related)),
    enabled: related !== '',
  });
  return (
    <>
      <Select
        label="Related entity"
        required
        searchable
        data={(entities.data ?? []).map((e) => ({ value: e.name, label: `${e.displayName} (${e.name})` }))}
        value={related || null}
        onChange={(v) => onChange(set(set(config, 'entity', undefined), 'relatedEntity', v ?? undefined))}
        error={errors.relatedEntity ?? errors.entity}
      />
      <Select
        label="Display field"
        description="The related record's field shown as its label"
        clearable
        data={(schema.data?.fields ?? []).filter((f) => !f.isSystem).map((f) => ({ value: f.fieldKey, label: f.name }))}
        value={typeof config.displayField === 'string' ? config.displayField : null}
        onChange={(v) => onChange(set(config, 'displayField', v ?? undefined))}
        error={errors.displayField}
      />
    </>
  );
}

/** One input per config key the API lists for the type; the API validates the whole. */
export function ConfigEditor({ keys, config, onChange, errors }: Props) {
  if (keys.includes('relatedEntity')) return <RelationEditor config={config} onChange={onChange} errors={errors} />;
  const center = (config.defaultCenter ?? {}) as { lat?: number; lng?: number };
  return (
    <>
      {keys.map((key) => {
        const common = { key, label: key, error: errors[key] };
        switch (key) {
          case 'options':
            return (
              <OptionsEditor key={key} value={config.options} onChange={(v) => onChange(set(config, key, v))} error={errors.options} />
            );
          case 'placeholder':
            return (
              <TextInput
                {...common}
                label="Placeholder"
                value={String(config[key] ?? '')}
                onChange={(e) => onChange(set(config, key, e.currentTarget.value))}
              />
            );
          case 'accept':
            return (
              <TagsInput
                {...common}
                label="Accepted types"
                description="MIME types or extensions; a hint for clients"
                value={Array.isArray(config.accept) ? (config.accept as string[]) : []}
                onChange={(v) => onChange(set(config, key, v))}
              />
            );
          case 'displayFormat':
            return (
              <Select
                {...common}
                label="Display format"
                data={['both', 'map', 'text']}
                value={typeof config.displayFormat === 'string' ? config.displayFormat : null}
                onChange={(v) => onChange(set(config, key, v ?? undefined))}
              />
            );
          case 'defaultCenter':
            return (
              <Group key={key} grow>
                <NumberInput
                  label="Default center latitude"
                  min={-90}
                  max={90}
                  value={num(center.lat)}
                  onChange={(v) => onChange(set(config, key, typeof v === 'number' ? { lat: v, lng: center.lng ?? 0 } : undefined))}
                  error={errors.defaultCenter}
                />
                <NumberInput
                  label="Default center longitude"
                  min={-180}
                  max={180}
                  value={num(center.lng)}
                  onChange={(v) => onChange(set(config, key, typeof v === 'number' ? { lat: center.lat ?? 0, lng: v } : undefined))}
                />
              </Group>
            );
          default:
            // The remaining keys are numbers: lengths, bounds, decimals, sizes, zoom.
            return (
              <NumberInput
                {...common}
                label={LABELS[key] ?? key}
                value={num(config[key])}
                onChange={(v) => onChange(set(config, key, typeof v === 'number' ? v : undefined))}
              />
            );
        }
      })}
    </>
  );
}

const LABELS: Record<string, string> = {
  minLength: 'Minimum length',
  maxLength: 'Maximum length',
  min: 'Minimum',
  max: 'Maximum',
  decimals: 'Decimals shown',
  maxSize: 'Maximum size (bytes)',
  defaultZoom: 'Default zoom (1–20)',
};
