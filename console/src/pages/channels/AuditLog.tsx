import { Badge, Button, Code, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listChannelAudit, type AuditEntry, type AuditOutcome } from '../../api/channels.ts';
import { formatDate } from '../../ui/format.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { QueryState } from '../../ui/QueryState.tsx';

const PAGE = 20;
const OUTCOME_COLORS = { success: 'green', refused: 'orange', error: 'red' } as const;

const callerOf = (e: AuditEntry) =>
  `${e.caller.tenantSlug ?? e.caller.tenantId ?? 'no tenant'} · ${e.caller.kind.replace('_', ' ')}${e.caller.id ? ` ${e.caller.id.slice(0, 8)}…` : ''}`;

/** Every execution of the channel's tools (list_channel_audit), newest first; arguments are redacted by the service. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<AuditOutcome | null>(null);
  const [tool, setTool] = useState('');
  const [toolFilter] = useDebouncedValue(tool.trim(), 300);
  const audit = useQuery({
    queryKey: ['channel-audit', page, outcome, toolFilter],
    queryFn: () =>
      listChannelAudit({ page, limit: PAGE, ...(outcome ? { outcome } : {}), ...(toolFilter ? { tool_name: toolFilter } : {}) }),
  });
  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label="Outcome"
          placeholder="Any"
          clearable
          w={160}
          data={['success', 'refused', 'error']}
          value={outcome}
          onChange={(v) => {
            setOutcome(v as AuditOutcome | null);
            setPage(1);
          }}
        />
        <TextInput
          label="Tool"
          placeholder="e.g. list_products"
          w={200}
          value={tool}
          onChange={(e) => {
            setTool(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void audit.refetch()}
          loading={audit.isFetching}
        >
          Refresh
        </Button>
      </Group>
      <QueryState query={audit} label="the audit log">
        {(answer) =>
          answer.data.length === 0 ? (
            <Text c="dimmed">No execution{outcome || toolFilter ? ' matches' : ' yet'}.</Text>
          ) : (
            <>
              <ListTable
                label="Channel audit log"
                minWidth={860}
                headers={['When', 'Caller', 'Tool', 'Outcome', 'Rows', 'Took', 'Arguments (redacted)']}
              >
                {answer.data.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatDate(e.at)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{callerOf(e)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <code>{e.tool}</code>
                      {e.toolVersion !== null && (
                        <Text size="xs" c="dimmed">
                          version {e.toolVersion}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td miw={100}>
                      <Badge variant="light" color={OUTCOME_COLORS[e.outcome]}>
                        {e.outcome}
                      </Badge>
                      {e.errorCode && <Text size="xs">{e.errorCode}</Text>}
                    </Table.Td>
                    <Table.Td>{e.rowsAffected}</Table.Td>
                    <Table.Td>{e.durationMs} ms</Table.Td>
                    <Table.Td>
                      <Code>{JSON.stringify(e.arguments)}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              {answer.totalPages > 1 && (
                <Pagination
                  total={answer.totalPages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(c) => ({ 'aria-label': `${c} page` })}
                />
              )}
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
