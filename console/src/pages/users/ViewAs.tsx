import { Alert, Badge, Drawer, List, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RecordAction, TenantUser } from '../../api/types.ts';
import { getUserRights, type Rights } from '../../api/users.ts';
import { RIGHT_LABELS } from '../../session/rights.ts';
import { QueryState } from '../../ui/QueryState.tsx';

const ACTIONS: RecordAction[] = ['create', 'read', 'update', 'delete'];

const SOURCE_LABELS: Record<Rights['entities'][number]['source'], (user: TenantUser) => string> = {
  role: (user) => `role ${user.role}`,
  override: () => 'user override',
  credential: () => 'credential',
};

/**
 * "View as": what a user may do, as the service answers it (`GET /api/auth/tenant/users/{id}/rights`,
 * computed by the code that enforces every request): the tenant-level rights, and per entity the
 * record actions with where they come from (the role, or the user's own override).
 */
export function ViewAs({ user, onClose }: { user: TenantUser; onClose: () => void }) {
  const rights = useQuery({ queryKey: ['rights', user.id], queryFn: () => getUserRights(user.id), staleTime: 0 });
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={`View as ${user.name || user.email}`}>
      <Stack>
        <Alert color="blue" title="The service's answer, not a sign-in as this user">
          These are the rights the service holds this user to on every request (role <b>{user.role}</b> and the user's own overrides).
        </Alert>
        {!user.isActive && <Alert color="red">This user is inactive: they cannot sign in at all.</Alert>}
        <QueryState query={rights} label="the user's rights">
          {(answer) => (
            <>
              <List size="sm" aria-label={`Tenant rights of ${user.email}`}>
                {RIGHT_LABELS.map(({ right, label, yes, no }) => (
                  <List.Item key={label}>
                    {label}: {answer.tenant[right] ? yes : no}
                  </List.Item>
                ))}
              </List>
              <Text size="sm" fw={500}>
                Records, per entity
              </Text>
              {answer.entities.length === 0 ? (
                <Text size="sm" c="dimmed">
                  The tenant has no entity yet.
                </Text>
              ) : (
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
                      {answer.entities.map((e) => (
                        <Table.Tr key={e.entity}>
                          <Table.Td>{e.entity}</Table.Td>
                          {ACTIONS.map((a) => (
                            <Table.Td key={a}>
                              {e.actions.includes(a) ? (
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
                            <Text size="xs">{SOURCE_LABELS[e.source](user)}</Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </>
          )}
        </QueryState>
      </Stack>
    </Drawer>
  );
}
