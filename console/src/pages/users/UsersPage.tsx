import { Badge, Button, Group, List, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TenantUser } from '../../api/types.ts';
import { deleteUser, listUsers } from '../../api/users.ts';
import { ROLE_LABELS, ROLES } from '../../session/rights.ts';
import { confirmDanger } from '../../ui/confirm.tsx';
import { formatDate } from '../../ui/format.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { CreateUser, EditUser } from './UserForms.tsx';
import { ViewAs } from './ViewAs.tsx';

/** The roles, in words; what a given user may do is the API's answer ("View as"). */
function RolesList() {
  return (
    <List size="sm" mt="xl" aria-label="Roles">
      {ROLES.map((role) => (
        <List.Item key={role}>{ROLE_LABELS[role]}</List.Item>
      ))}
    </List>
  );
}

export default function UsersPage() {
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: ['users'], queryFn: listUsers });
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'edit' | 'view'; user: TenantUser } | null>(null);
  const remove = (user: TenantUser) =>
    confirmDanger({
      title: `Delete ${user.email}?`,
      body: 'The user and their sessions are deleted.',
      confirmLabel: 'Delete user',
      action: () => deleteUser(user.id),
      doneMessage: `User ${user.email} deleted`,
      failedTitle: 'Could not delete the user',
      then: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
    });
  return (
    <>
      <PageHeader
        title="Users & roles"
        description="The tenant's own users. Roles decide what they may do; the service enforces them on every request."
      >
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
          New user
        </Button>
      </PageHeader>
      <QueryState query={users} label="users">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No user yet.</Text>
          ) : (
            <ListTable label="Users" minWidth={640} headers={['User', 'Role', 'Status', 'Last sign-in', 'Actions']}>
              {list.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Text fw={500}>{u.name}</Text>
                    <Text size="xs" c="dimmed">
                      {u.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{u.role}</Badge>
                  </Table.Td>
                  <Table.Td>{u.isActive ? 'active' : <Badge color="red">inactive</Badge>}</Table.Td>
                  <Table.Td>{formatDate(u.lastLoginAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setDialog({ kind: 'view', user: u })}
                        aria-label={`View as ${u.email}`}
                      >
                        View as
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setDialog({ kind: 'edit', user: u })}
                        aria-label={`Edit ${u.email}`}
                      >
                        Edit
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => remove(u)} aria-label={`Delete ${u.email}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )
        }
      </QueryState>
      <RolesList />
      {dialog?.kind === 'create' && <CreateUser onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditUser user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'view' && <ViewAs user={dialog.user} onClose={() => setDialog(null)} />}
    </>
  );
}
