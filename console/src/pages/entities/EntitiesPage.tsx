import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { createEntity, listEntities } from '../../api/entities.ts';
import { canChangeSchema } from '../../session/rights.ts';
import { useSignedIn } from '../../session/session.ts';
import { ErrorAlert, fieldErrors, notifyDone } from '../../ui/errors.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { StatusBadge } from './StatusBadge.tsx';

function CreateEntity({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [values, setValues] = useState({ name: '', displayName: '', description: '' });
  const create = useMutation({
    mutationFn: () =>
      createEntity({
        name: values.name.trim(),
        ...(values.displayName.trim() ? { displayName: values.displayName.trim() } : {}),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
      }),
    onSuccess: async (answer) => {
      notifyDone(`Entity "${answer.entity.name}" created as a draft: add its fields, then publish it.`);
      await queryClient.invalidateQueries({ queryKey: ['entities'] });
      onClose();
      navigate(`/entities/${answer.entity.name}`);
    },
  });
  const errors = fieldErrors(create.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Create an entity">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Technical name"
            description="Lowercase snake_case, e.g. order_items"
            required
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            label="Display name"
            value={values.displayName}
            onChange={(e) => setValues({ ...values, displayName: e.currentTarget.value })}
            error={errors.displayName}
          />
          <Textarea
            label="Description"
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
            error={errors.description}
          />
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create entity
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default function EntitiesPage() {
  const session = useSignedIn();
  const [opened, { open, close }] = useDisclosure();
  const entities = useQuery({ queryKey: ['entities', 'all'], queryFn: () => listEntities(true) });
  return (
    <>
      <PageHeader title="Entities" description="The tenant's data model. Changes go to a draft; publishing makes them what records use.">
        {canChangeSchema(session) && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
            New entity
          </Button>
        )}
      </PageHeader>
      <QueryState query={entities} label="entities">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No entity yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Entity</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Version</Table.Th>
                    <Table.Th>Fields</Table.Th>
                    <Table.Th>Records</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((e) => (
                    <Table.Tr key={e.name}>
                      <Table.Td>
                        <Anchor component={Link} href={`/entities/${e.name}`} fw={500}>
                          {e.displayName}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {e.name}
                          {e.description ? ` · ${e.description}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          <StatusBadge status={e.status} />
                          {e.hasDraft && e.status === 'published' && (
                            <Badge color="yellow" variant="light">
                              changes pending
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{e.version}</Table.Td>
                      <Table.Td>{e.fieldCount}</Table.Td>
                      <Table.Td>
                        {e.status === 'published' ? (
                          <Anchor component={Link} href={`/records/${e.name}`}>
                            Open records
                          </Anchor>
                        ) : (
                          <Text size="sm" c="dimmed">
                            publish first
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <CreateEntity opened={opened} onClose={close} />
    </>
  );
}
