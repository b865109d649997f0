import { ActionIcon, Badge, Button, Group, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFilter, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { FILTER_OPERATORS, type FilterClause, type FilterOperator } from '../../api/records.ts';
import type { Field } from '../../api/types.ts';

/** Words for the list operators of docs/records.md. */
const OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: 'equals',
  ne: 'does not equal',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  in: 'is one of (comma-separated)',
  contains: 'contains',
  startsWith: 'starts with',
  isNull: 'is empty',
};

// Inside the popover: a dropdown in a portal would count as a click outside it and close it.
const INLINE = { withinPortal: false };

function ClauseRow({
  clause,
  fields,
  onChange,
  onRemove,
  index,
}: {
  clause: FilterClause;
  fields: Field[];
  onChange: (c: FilterClause) => void;
  onRemove: () => void;
  index: number;
}) {
  return (
    <Group gap={6} wrap="wrap" align="flex-end">
      <Select
        comboboxProps={INLINE}
        label={`Condition ${index + 1} field`}
        w={170}
        allowDeselect={false}
        data={fields.map((f) => ({ value: f.fieldKey, label: f.name }))}
        value={clause.field}
        onChange={(v) => v && onChange({ ...clause, field: v })}
      />
      <Select
        comboboxProps={INLINE}
        label="Operator"
        w={200}
        allowDeselect={false}
        data={FILTER_OPERATORS.map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
        value={clause.op}
        onChange={(v) => v && onChange({ ...clause, op: v as FilterOperator, value: v === 'isNull' ? 'true' : clause.value })}
      />
      {clause.op === 'isNull' ? (
        <Select
          comboboxProps={INLINE}
          label="Value"
          w={120}
          allowDeselect={false}
          data={[
            { value: 'true', label: 'yes' },
            { value: 'false', label: 'no' },
          ]}
          value={clause.value}
          onChange={(v) => v && onChange({ ...clause, value: v })}
        />
      ) : (
        <TextInput label="Value" w={170} value={clause.value} onChange={(e) => onChange({ ...clause, value: e.currentTarget.value })} />
      )}
      <ActionIcon variant="subtle" color="red" aria-label={`Remove condition ${index + 1}`} onClick={onRemove} mb={4}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** Conditions joined by "and", each `filter.<field>.<op>=value`; applied chips can be removed one by one. */
export function FilterBar({
  fields,
  filters,
  onApply,
}: {
  fields: Field[];
  filters: FilterClause[];
  onApply: (f: FilterClause[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<FilterClause[]>(filters);
  const name = (key: string) => fields.find((f) => f.fieldKey === key)?.name ?? key;
  const open = () => {
    setDraft(filters.length ? filters : [{ field: fields[0]?.fieldKey ?? 'id', op: 'eq', value: '' }]);
    setOpened(true);
  };
  return (
    <Group gap={6}>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus withinPortal shadow="md">
        <Popover.Target>
          <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={() => (opened ? setOpened(false) : open())}>
            Filter{filters.length ? ` (${filters.length})` : ''}
          </Button>
        </Popover.Target>
        <Popover.Dropdown maw="95vw">
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Records matching all of these conditions
            </Text>
            {draft.map((c, i) => (
              <ClauseRow
                key={i}
                index={i}
                clause={c}
                fields={fields}
                onChange={(next) => setDraft(draft.map((d, j) => (i === j ? next : d)))}
                onRemove={() => setDraft(draft.filter((_, j) => j !== i))}
              />
            ))}
            <Group justify="space-between">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setDraft([...draft, { field: fields[0]?.fieldKey ?? 'id', op: 'eq', value: '' }])}
              >
                Add condition
              </Button>
              <Button
                size="xs"
                onClick={() => {
                  onApply(draft);
                  setOpened(false);
                }}
              >
                Apply filters
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {filters.map((f, i) => (
        <Badge
          key={`${f.field}-${f.op}-${i}`}
          variant="light"
          size="lg"
          tt="none"
          rightSection={
            <ActionIcon
              size="xs"
              variant="transparent"
              aria-label={`Remove filter ${name(f.field)} ${OPERATOR_LABELS[f.op]} ${f.value}`}
              onClick={() => onApply(filters.filter((_, j) => j !== i))}
            >
              <IconX size={12} aria-hidden />
            </ActionIcon>
          }
        >
          {name(f.field)} {OPERATOR_LABELS[f.op]} {f.op === 'isNull' ? (f.value === 'true' ? '' : '(no)') : `“${f.value}”`}
        </Badge>
      ))}
    </Group>
  );
}
