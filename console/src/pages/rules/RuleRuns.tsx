import { Badge, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listRuleRuns, type RuleRun } from '../../api/rules.ts';
import { formatDate } from '../../ui/format.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { QueryState } from '../../ui/QueryState.tsx';

const PAGE = 20;
const RESULT_COLORS = { passed: 'green', warning: 'yellow', info: 'blue' } as const;

const pairs = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([k, v]) => `${k} = ${v === null ? 'empty' : typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ') || '—';

function RunRow({ run }: { run: RuleRun }) {
  return (
    <Table.Tr>
      <Table.Td>{formatDate(run.createdAt)}</Table.Td>
      <Table.Td>{run.ruleName}</Table.Td>
      <Table.Td>
        {run.operation}
        {run.recordId && (
          <Text size="xs" c="dimmed">
            record {run.recordId.slice(0, 8)}…
          </Text>
        )}
      </Table.Td>
      <Table.Td>{run.actor ? `${run.actor.kind.replace('_', ' ')} ${run.actor.id.slice(0, 8)}…` : '—'}</Table.Td>
      <Table.Td>
        <Text size="xs">{pairs(run.inputs)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{pairs(run.outputs)}</Text>
      </Table.Td>
      <Table.Td miw={100}>
        <Badge variant="light" color={RESULT_COLORS[run.validation.result]}>
          {run.validation.result}
        </Badge>
        {run.validation.findings.map((f) => (
          <Text size="xs" key={f.id}>
            {f.severity}: {f.message}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>{run.durationMs} ms</Table.Td>
    </Table.Tr>
  );
}

/** The run log of an entity's rules (list_rule_runs), newest first. */
export function RuleRuns({ entityName }: { entityName: string }) {
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: ['rule-runs', entityName, page],
    queryFn: () => listRuleRuns({ entityName, page, limit: PAGE }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Each run of a published rule in a save: what it read, what it wrote, how validation went.
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void runs.refetch()}
          loading={runs.isFetching}
        >
          Refresh
        </Button>
      </Group>
      <QueryState query={runs} label="rule runs">
        {(answer) =>
          answer.data.length === 0 ? (
            <Text c="dimmed">No run yet: published rules run when records of {entityName} are saved.</Text>
          ) : (
            <>
              <ListTable
                label={`Rule runs of ${entityName}`}
                minWidth={900}
                headers={['When', 'Rule', 'Save', 'By', 'Read', 'Wrote', 'Validation', 'Took']}
              >
                {answer.data.map((run) => (
                  <RunRow key={run.id} run={run} />
                ))}
              </ListTable>
              {answer.total > PAGE && (
                <Pagination
                  total={Math.ceil(answer.total / PAGE)}
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
