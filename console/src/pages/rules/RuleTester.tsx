import { Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { testRule, type RuleTestResult, type RuleUnderTest } from '../../api/rules.ts';
import type { Field } from '../../api/types.ts';
import { describeError } from '../../ui/errors.tsx';
import { FieldValueInput, formatValue } from '../records/values.tsx';
import { CaretSnippet } from './CaretSnippet.tsx';
import { ruleProblems, type DslProblem } from './dsl-errors.ts';

/** Values as a two-column table: field, value (as the records grid would show it). */
function ValuesTable({ label, values, fields }: { label: string; values: Record<string, unknown>; fields: Field[] }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  return (
    <div>
      <Title order={4} size="h6" mb={4}>
        {label}
      </Title>
      <Table aria-label={label} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map(([key, value]) => {
            const field = fields.find((f) => f.fieldKey === key);
            const shown = value === null ? 'empty' : field ? formatValue(field, value) : JSON.stringify(value);
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  <code>{key}</code>
                </Table.Td>
                <Table.Td>{shown}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function Outcome({ result, fields }: { result: RuleTestResult; fields: Field[] }) {
  const findings = [...result.errors, ...result.warnings];
  return (
    <Stack gap="sm" aria-live="polite">
      <ValuesTable label="Computed values" values={result.computedValues} fields={fields} />
      <ValuesTable label="Transformed values" values={result.transformedValues} fields={fields} />
      {findings.length === 0 ? (
        <Text size="sm" c="green.9">
          Every validation passed.
        </Text>
      ) : (
        <Stack gap={4} role="group" aria-label="Validation results">
          {findings.map((f) => (
            <Alert
              key={`${f.severity}:${f.id}`}
              color={f.severity === 'error' ? 'red' : f.severity === 'warning' ? 'yellow' : 'blue'}
              p="xs"
            >
              <Group gap="xs" wrap="nowrap">
                <Badge color={f.severity === 'error' ? 'red' : f.severity === 'warning' ? 'yellow' : 'blue'} variant="light">
                  {f.severity}
                </Badge>
                <Text size="sm">
                  {f.message} <Code>{f.id}</Code>
                </Text>
              </Group>
            </Alert>
          ))}
          {result.errors.length > 0 && (
            <Text size="xs" c="dimmed">
              A save with these values would be refused.
            </Text>
          )}
        </Stack>
      )}
      {result.actions.length > 0 && (
        <div>
          <Title order={4} size="h6" mb={4}>
            Planned actions
          </Title>
          {result.actions.map((a, i) => (
            <Text size="sm" key={i}>
              Update {a.entity} {a.recordId ? <Code>{a.recordId}</Code> : '(no record named)'} with <Code>{JSON.stringify(a.data)}</Code>
            </Text>
          ))}
        </div>
      )}
    </Stack>
  );
}

/**
 * The rule tester (test_business_rule): sample values per field, then what the rule would compute,
 * transform, refuse or plan — nothing is written. `rule` is read when the test runs, so an editor
 * tests what it holds at that moment.
 */
export function RuleTester({
  rule,
  dsl,
  fields,
  onShow,
}: {
  rule: () => RuleUnderTest | null;
  /** The rule as written, to place the API's problems in it. */
  dsl?: unknown;
  fields: Field[];
  onShow?: (problem: DslProblem) => void;
}) {
  const inputs = fields.filter((f) => !f.isSystem && f.type !== 'relation' && f.type !== 'file' && f.type !== 'location');
  const [sample, setSample] = useState<Record<string, unknown>>({});
  const test = useMutation({
    mutationFn: (target: RuleUnderTest) =>
      testRule(target, Object.fromEntries(Object.entries(sample).filter(([, v]) => v !== null && v !== undefined && v !== ''))),
  });
  const run = () => {
    const target = rule();
    if (target) test.mutate(target);
  };
  const problems = test.error ? ruleProblems(test.error, dsl) : [];
  return (
    <Paper withBorder p="md" component="section" aria-label="Rule tester">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Test on sample data
        </Title>
        <Text size="sm" c="dimmed">
          Runs the rule on these values and writes nothing.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {inputs.map((f) => (
            <FieldValueInput
              key={f.fieldKey}
              field={{ ...f, required: false }}
              label={`Sample ${f.name}`}
              value={sample[f.fieldKey] ?? null}
              onChange={(v) => setSample((all) => ({ ...all, [f.fieldKey]: v }))}
            />
          ))}
        </SimpleGrid>
        <Button onClick={run} loading={test.isPending} w="fit-content">
          Run test
        </Button>
        {test.error ? (
          <Alert color="red" title={describeError(test.error).title} role="alert">
            <Stack gap={4}>
              {problems.map((p, i) => (
                <div key={i}>
                  <Text size="sm">
                    <b>{p.where}</b>: {p.message}
                  </Text>
                  {p.snippet && <CaretSnippet text={p.snippet.text} offset={p.snippet.offset} label={`Where: ${p.where}`} />}
                  {p.snippet && onShow && (
                    <Button size="compact-xs" variant="subtle" onClick={() => onShow(p)}>
                      Show in the editor
                    </Button>
                  )}
                </div>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {test.data && <Outcome result={test.data} fields={fields} />}
      </Stack>
    </Paper>
  );
}
