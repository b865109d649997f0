import { Alert, Badge, Drawer, List, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listEntities } from '../../api/entities.ts';
import type { RecordAction, TenantUser } from '../../api/types.ts';
import { ROLE_RIGHTS } from '../../session/rights.ts';

const ACTIONS: RecordAction[] = ['create', 'read', 'update', 'delete'];

/**
 * "View as": what a user may do. The API enforces rights on every request but does not answer a
 * user's effective rights, so this shows the role's rights as docs/users.md documents them, and the
 * user's own overrides beside them, and says so.
 */
export function ViewAs({ user, onClose }: { user: TenantUser; onClose: () => void }) {
  const entities = useQuery({ queryKey: ['entities', 'all'], queryFn: () => listEntities(true) });
  const role = ROLE_RIGHTS[user.role];
  const overrides = user.permissions.entities ?? {};
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={`View as ${user.name || user.email}`}>
      <Stack>
        <Alert color="blue" title="Documented rights, not a sign-in as this user">
          The service does not offer signing in as another user, nor an answer of a user's effective rights. This is the role{' '}
          <b>{user.role}</b> as documented (docs/users.md, docs/rules.md, docs/sites.md, docs/bots.md), with this user's own overrides; the
          service applies the same rules on every request.
        </Alert>
        {!user.isActive && <Alert color="red">This user is inactive: they cannot sign in at all.</Alert>}
        <List size="sm">
          <List.Item>Users of the tenant: {role.manageUsers || user.permissions.canManageUsers ? 'may manage' : 'no access'}</List.Item>
          <List.Item>Entities and fields: {role.changeSchema ? 'may change and publish' : 'may read'}</List.Item>
          <List.Item>Business rules: {role.changeSchema ? 'may create, publish, delete and test' : 'may read and test'}</List.Item>
          <List.Item>
            The tenant's channel: {role.changeSchema ? 'may publish, change and unpublish it, and read its audit log' : 'may see it'}
          </List.Item>
          <List.Item>Static sites: {role.writeSites ? 'may deploy, roll back and delete' : 'may list'}</List.Item>
          <List.Item>Bots: {role.manageBots ? 'may register, reset and delete' : 'no access'}</List.Item>
        </List>
        <Text size="sm" fw={500}>
          Records, per entity
        </Text>
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label={`Record rights of ${user.email}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Entity</Table.Th>
                {ACTIONS.map((a) => (
                  <Table.Th key={a}>{a}</Table.Th>
                ))}
                <Table.Th>From</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(entities.data ?? []).map((e) => {
                const own = overrides[e.name];
                const actions = own ?? role.records;
                return (
                  <Table.Tr key={e.name}>
                    <Table.Td>{e.name}</Table.Td>
                    {ACTIONS.map((a) => (
                      <Table.Td key={a}>
                        {actions.includes(a) ? (
                          <Badge color="green" variant="light">
                            yes
                          </Badge>
                        ) : (
                          <Badge color="gray" variant="light">
                            no
                          </Badge>
                        )}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Text size="xs">{own ? 'user override' : `role ${user.role}`}</Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Drawer>
  );
}
