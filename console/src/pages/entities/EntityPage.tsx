import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { deleteEntity, deleteField, listEntityChanges, listFields, publishEntity } from '../../api/entities.ts';
import type { Field } from '../../api/types.ts';
import { canChangeSchema, useMyRights } from '../../session/rights.ts';
import { confirmDanger } from '../../ui/confirm.tsx';
import { notifyDone } from '../../ui/errors.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { ChangesPanel } from './ChangesPanel.tsx';
import { FieldForm } from './FieldForm.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { IndexesPanel } from './IndexesPanel.tsx';
import { StatusBadge } from './StatusBadge.tsx';

function PublishModal({ entityName, onClose }: { entityName: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const publish = useMutation({
    mutationFn: () => publishEntity(entityName, message.trim()),
    onSuccess: async (answer) => {
      notifyDone(`Published version ${answer.version}`);
      await queryClient.invalidateQueries({ queryKey: ['entity', entityName] });
      await queryClient.invalidateQueries({ queryKey: ['entities'] });
      onClose();
    },
  });
  return (
    <FormModal
      title="Publish the draft"
      onClose={onClose}
      onSubmit={() => publish.mutate()}
      submitLabel="Publish"
      busy={publish.isPending}
      error={publish.error}
    >
      <TextInput
        label="Version message"
        description="What changed in this version"
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        data-autofocus
      />
    </FormModal>
  );
}

function FieldsTable({
  fields,
  editable,
  onEdit,
  onRemove,
}: {
  fields: Field[];
  editable: boolean;
  onEdit: (f: Field) => void;
  onRemove: (f: Field) => void;
}) {
  if (fields.length === 0) return <Text c="dimmed">No field yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Rules</Table.Th>
            {editable && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.fieldKey}>
              <Table.Td>{f.name}</Table.Td>
              <Table.Td>
                <code>{f.fieldKey}</code>
              </Table.Td>
              <Table.Td>
                {f.type}
                {typeof f.config?.relatedEntity === 'string' && (
                  <Text size="xs" c="dimmed">
                    → {f.config.relatedEntity}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {f.required && <Badge variant="outline">required</Badge>}
                  {f.unique && <Badge variant="outline">unique</Badge>}
                </Group>
              </Table.Td>
              {editable && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon variant="subtle" aria-label={`Edit field ${f.fieldKey}`} onClick={() => onEdit(f)}>
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Remove">
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove field ${f.fieldKey}`} onClick={() => onRemove(f)}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default function EntityPage() {
  const { name } = useParams<{ name: string }>();
  const rights = useMyRights();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState<Field | 'new' | null>(null);
  const [publishing, setPublishing] = useState(false);
  const fields = useQuery({ queryKey: ['entity', name, 'fields'], queryFn: () => listFields(name) });
  const changes = useQuery({ queryKey: ['entity', name, 'changes'], queryFn: () => listEntityChanges(name) });
  const editable = canChangeSchema(rights);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['entity', name] });
  const removeField = (f: Field) =>
    confirmDanger({
      title: `Remove field ${f.fieldKey}?`,
      body: 'The field leaves the draft. Stored values are kept, but are no longer returned once the draft is published.',
      confirmLabel: 'Remove field',
      action: () => deleteField(name, f.fieldKey),
      doneMessage: `Field ${f.fieldKey} removed from the draft`,
      failedTitle: 'Could not remove the field',
      then: refresh,
    });
  const removeEntity = () =>
    confirmDanger({
      title: `Delete entity ${name}?`,
      body: 'This deletes every version and ALL its records. It cannot be undone.',
      confirmLabel: 'Delete entity and records',
      action: () => deleteEntity(name),
      doneMessage: `Entity ${name} deleted`,
      failedTitle: 'Could not delete the entity',
      then: async () => {
        await queryClient.invalidateQueries({ queryKey: ['entities'] });
        navigate('/entities');
      },
    });

  return (
    <QueryState query={fields} label="the entity">
      {(list) => (
        <>
          <PageHeader
            title={
              <Group gap="xs">
                {list.entityName}
                <StatusBadge status={list.publishedVersion ? 'published' : 'draft'} />
              </Group>
            }
            description={
              list.publishedVersion
                ? `Published version ${list.publishedVersion}${list.status === 'draft' ? ` · draft version ${list.version} pending` : ''}`
                : `Draft version ${list.version}: publish it to store records`
            }
          >
            {list.publishedVersion && (
              <Anchor component={Link} href={`/records/${list.entityName}`}>
                Open records
              </Anchor>
            )}
            <Anchor component={Link} href={`/rules/${list.entityName}`}>
              Business rules
            </Anchor>
            {editable && (
              <Button onClick={() => setPublishing(true)} disabled={!changes.data?.hasChanges}>
                Publish
              </Button>
            )}
          </PageHeader>
          <Tabs defaultValue="fields">
            <Tabs.List mb="md">
              <Tabs.Tab value="fields">Fields</Tabs.Tab>
              <Tabs.Tab
                value="changes"
                rightSection={
                  changes.data?.hasChanges ? (
                    <Badge size="xs" color="dark" variant="outline">
                      pending
                    </Badge>
                  ) : null
                }
              >
                Draft changes
              </Tabs.Tab>
              <Tabs.Tab value="indexes">Indexes</Tabs.Tab>
              <Tabs.Tab value="history">History</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="fields">
              <Stack>
                {editable && (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} w="fit-content">
                    Add field
                  </Button>
                )}
                <FieldsTable fields={list.fields} editable={editable} onEdit={setEditing} onRemove={removeField} />
                {editable && (
                  <Group mt="xl">
                    <Button variant="outline" color="red" onClick={removeEntity}>
                      Delete entity
                    </Button>
                  </Group>
                )}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="changes">
              <QueryState query={changes} label="changes">
                {(c) => <ChangesPanel changes={c} />}
              </QueryState>
            </Tabs.Panel>
            <Tabs.Panel value="indexes">
              <IndexesPanel
                entityName={list.entityName}
                fields={list.fields}
                publishedVersion={list.publishedVersion}
                hasDraft={list.status === 'draft'}
                editable={editable}
              />
            </Tabs.Panel>
            <Tabs.Panel value="history">
              <QueryState query={changes} label="history">
                {(c) => <HistoryPanel history={c.history} />}
              </QueryState>
            </Tabs.Panel>
          </Tabs>
          {editing && (
            <FieldForm
              entityName={list.entityName}
              fieldTypes={list.fieldTypes}
              field={editing === 'new' ? undefined : editing}
              onClose={() => setEditing(null)}
            />
          )}
          {publishing && <PublishModal entityName={list.entityName} onClose={() => setPublishing(false)} />}
        </>
      )}
    </QueryState>
  );
}
