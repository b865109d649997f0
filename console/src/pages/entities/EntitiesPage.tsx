import { Anchor, Badge, Button, Group, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { createEntity, listEntities } from '../../api/entities.ts';
import { canChangeSchema, useMyRights } from '../../session/rights.ts';
import { fieldErrors, notifyDone } from '../../ui/errors.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { textBinder } from '../../ui/bind.ts';
import { ListTable } from '../../ui/ListTable.tsx';
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
      await queryClient.invalidateQueries({ queryKey: ['rights'] });
      onClose();
      navigate(`/entities/${answer.entity.name}`);
    },
  });
  const bind = textBinder(values, setValues, fieldErrors(create.error));
  return (
    <FormModal
      title="Create an entity"
      opened={opened}
      onClose={onClose}
      onSubmit={() => create.mutate()}
      submitLabel="Create entity"
      busy={create.isPending}
      error={create.error}
    >
      <TextInput label="Technical name" description="Lowercase snake_case, e.g. order_items" required {...bind('name')} data-autofocus />
      <TextInput label="Display name" {...bind('displayName')} />
      <Textarea label="Description" {...bind('description')} />
    </FormModal>
  );
}

export default function EntitiesPage() {
  const rights = useMyRights();
  const [opened, { open, close }] = useDisclosure();
  const entities = useQuery({ queryKey: ['entities', 'all'], queryFn: () => listEntities(true) });
  return (
    <>
      <PageHeader title="Entities" description="The tenant's data model. Changes go to a draft; publishing makes them what records use.">
        {canChangeSchema(rights) && (
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
            <ListTable label="Entities" minWidth={560} headers={['Entity', 'Status', 'Version', 'Fields', 'Records']}>
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
            </ListTable>
          )
        }
      </QueryState>
      <CreateEntity opened={opened} onClose={close} />
    </>
  );
}
