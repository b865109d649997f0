import { ActionIcon, Badge, Button, Group, Loader, MultiSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { entityIndexes, INDEXABLE_TYPES, setEntityIndexes, type EntityIndex, type IndexInput, type IndexState } from '../../api/indexes.ts';
import type { Field } from '../../api/types.ts';
import { fieldErrors, notifyDone } from '../../ui/errors.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { QueryState } from '../../ui/QueryState.tsx';

const MAX_INDEXES = 5;
const MAX_FIELDS = 3;
const STATE_COLORS: Record<IndexState, string> = { ready: 'green', building: 'blue', failed: 'red', pending: 'gray' };
const STATE_WORDS: Record<IndexState, string> = {
  ready: 'ready: serves lists',
  building: 'building',
  failed: 'failed: lists run unindexed',
  pending: 'pending: built when published',
};

function IndexTable({ label, indexes }: { label: string; indexes: EntityIndex[] }) {
  if (indexes.length === 0) return <Text c="dimmed">No index.</Text>;
  return (
    <ListTable label={label} minWidth={520} headers={['Name', 'Fields, in order', 'Kind', 'State']}>
      {indexes.map((index) => (
        <Table.Tr key={index.name}>
          <Table.Td>
            <code>{index.name}</code>
          </Table.Td>
          <Table.Td>{index.fields.join(', ')}</Table.Td>
          <Table.Td>{index.automatic ? 'automatic (relation field)' : 'declared'}</Table.Td>
          <Table.Td miw={150}>
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" color={STATE_COLORS[index.state]}>
                {index.state}
              </Badge>
              {index.state === 'building' && <Loader size="xs" aria-label={`Building ${index.name}`} />}
            </Group>
            <Text size="xs" c="dimmed">
              {STATE_WORDS[index.state]}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

interface Row {
  fields: string[];
  name: string;
}

/** Edits the declared indexes of the working version; the API answers what is wrong, by index. */
function IndexesEditor({
  entityName,
  fields,
  current,
  onClose,
}: {
  entityName: string;
  fields: Field[];
  current: EntityIndex[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(current.filter((i) => !i.automatic).map((i) => ({ fields: i.fields, name: i.name })));
  const choices = fields
    .filter((f) => !f.isSystem && INDEXABLE_TYPES.has(f.type))
    .map((f) => ({ value: f.fieldKey, label: `${f.name} (${f.fieldKey})` }));
  const save = useMutation({
    mutationFn: () =>
      setEntityIndexes(
        entityName,
        rows.map((r): IndexInput => ({ fields: r.fields, ...(r.name.trim() ? { name: r.name.trim() } : {}) })),
      ),
    onSuccess: async () => {
      notifyDone('Indexes saved to the draft: publish the entity to build them');
      await queryClient.invalidateQueries({ queryKey: ['entity', entityName] });
      onClose();
    },
  });
  const errors = fieldErrors(save.error);
  const set = (i: number, patch: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <FormModal
      title="Declared indexes"
      onClose={onClose}
      onSubmit={() => save.mutate()}
      submitLabel="Save to the draft"
      busy={save.isPending}
      error={save.error}
      size="lg"
    >
      <Text size="sm" c="dimmed">
        Up to {MAX_INDEXES} indexes of 1 to {MAX_FIELDS} fields each, in the order lists filter and sort by them. Relation fields get their
        own index without asking. Each index costs every write of the entity one entry.
      </Text>
      {rows.map((row, i) => (
        <Group key={i} align="flex-start" wrap="nowrap">
          <MultiSelect
            label={`Index ${i + 1} fields`}
            data={choices}
            value={row.fields}
            onChange={(value) => set(i, { fields: value })}
            maxValues={MAX_FIELDS}
            searchable
            style={{ flex: 2 }}
            error={errors[`indexes.${i}.fields`] ?? errors[`indexes.${i}`]}
          />
          <TextInput
            label={`Index ${i + 1} name`}
            placeholder="optional"
            value={row.name}
            onChange={(e) => set(i, { name: e.currentTarget.value })}
            style={{ flex: 1 }}
            error={errors[`indexes.${i}.name`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={`Remove index ${i + 1}`}
            onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        w="fit-content"
        disabled={rows.length >= MAX_INDEXES}
        onClick={() => setRows((all) => [...all, { fields: [], name: '' }])}
      >
        Add index
      </Button>
    </FormModal>
  );
}

/**
 * The entity's indexes: those of the published version with their build state (refreshed while one
 * builds), the draft's when it has any change pending, and an editor of the declared ones.
 */
export function IndexesPanel({
  entityName,
  fields,
  publishedVersion,
  hasDraft,
  editable,
}: {
  entityName: string;
  fields: Field[];
  publishedVersion: number | null;
  hasDraft: boolean;
  editable: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const live = useQuery({
    queryKey: ['entity', entityName, 'indexes', 'published'],
    queryFn: () => entityIndexes(entityName),
    enabled: publishedVersion !== null,
    refetchInterval: (query) => (query.state.data?.some((i) => i.state === 'building') ? 2000 : false),
  });
  const draft = useQuery({
    queryKey: ['entity', entityName, 'indexes', 'draft'],
    queryFn: () => entityIndexes(entityName, 'draft'),
    enabled: hasDraft,
  });
  const working = hasDraft ? draft.data : live.data;
  return (
    <Stack>
      {editable && (
        <Button onClick={() => setEditing(true)} disabled={!working} w="fit-content">
          Edit indexes
        </Button>
      )}
      {publishedVersion !== null && (
        <section aria-label="Indexes of the published version">
          <Title order={3} size="h5" mb={4}>
            Published version {publishedVersion}
          </Title>
          <QueryState query={live} label="indexes">
            {(indexes) => <IndexTable label="Published indexes" indexes={indexes} />}
          </QueryState>
        </section>
      )}
      {hasDraft && (
        <section aria-label="Indexes of the draft">
          <Title order={3} size="h5" mb={4}>
            Draft (built when published)
          </Title>
          <QueryState query={draft} label="draft indexes">
            {(indexes) => <IndexTable label="Draft indexes" indexes={indexes} />}
          </QueryState>
        </section>
      )}
      {editing && working && <IndexesEditor entityName={entityName} fields={fields} current={working} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
