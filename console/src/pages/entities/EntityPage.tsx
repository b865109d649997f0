import { ActionIcon, Anchor, Badge, Button, Group, Modal, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { deleteEntity, deleteField, listEntityChanges, listFields, publishEntity } from '../../api/entities.ts';
import type { Field } from '../../api/types.ts';
import { canChangeSchema } from '../../session/rights.ts';
import { useSignedIn } from '../../session/session.ts';
import { ErrorAlert, notifyDone, notifyError } from '../../ui/errors.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { ChangesPanel } from './ChangesPanel.tsx';
import { FieldForm } from './FieldForm.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    publish.mutate();
  };
  return (
    <Modal opened onClose={onClose} title="Publish the draft">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Version message"
            description="What changed in this version"
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
          />
          <ErrorAlert error={publish.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={publish.isPending}>
              Publish
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState<Field | 'new' | null>(null);
  const [publishing, setPublishing] = useState(false);
  const fields = useQuery({ queryKey: ['entity', name, 'fields'], queryFn: () => listFields(name) });
  const changes = useQuery({ queryKey: ['entity', name, 'changes'], queryFn: () => listEntityChanges(name) });
  const editable = canChangeSchema(session);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['entity', name] });
  const removeField = (f: Field) =>
    modals.openConfirmModal({
      title: `Remove field ${f.fieldKey}?`,
      children: (
        <Text size="sm">The field leaves the draft. Stored values are kept, but are no longer returned once the draft is published.</Text>
      ),
      labels: { confirm: 'Remove field', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void deleteField(name, f.fieldKey)
          .then(() => notifyDone(`Field ${f.fieldKey} removed from the draft`))
          .then(refresh)
          .catch((error: unknown) => notifyError(error, 'Could not remove the field')),
    });
  const removeEntity = () =>
    modals.openConfirmModal({
      title: `Delete entity ${name}?`,
      children: <Text size="sm">This deletes every version and ALL its records. It cannot be undone.</Text>,
      labels: { confirm: 'Delete entity and records', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void deleteEntity(name)
          .then(async () => {
            notifyDone(`Entity ${name} deleted`);
            await queryClient.invalidateQueries({ queryKey: ['entities'] });
            navigate('/entities');
          })
          .catch((error: unknown) => notifyError(error, 'Could not delete the entity')),
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
