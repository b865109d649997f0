import { ActionIcon, Badge, Button, Code, Drawer, Group, Select, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconFlask, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { listEntities, listFields } from '../../api/entities.ts';
import { deleteRule, listRules, publishRule, type Rule } from '../../api/rules.ts';
import type { Field } from '../../api/types.ts';
import { canChangeSchema, useMyRights } from '../../session/rights.ts';
import { confirmDanger } from '../../ui/confirm.tsx';
import { notifyDone, notifyError } from '../../ui/errors.tsx';
import { formatDate } from '../../ui/format.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { RuleEditor, TRIGGERS } from './RuleEditor.tsx';
import { RuleRuns } from './RuleRuns.tsx';
import { RuleTester } from './RuleTester.tsx';

function EntityChooser({ current }: { current?: string | undefined }) {
  const [, navigate] = useLocation();
  const entities = useQuery({ queryKey: ['entities', 'all'], queryFn: () => listEntities(true) });
  return (
    <Select
      label="Entity"
      placeholder="Choose an entity"
      w={260}
      searchable
      data={(entities.data ?? []).map((e) => ({ value: e.name, label: e.displayName }))}
      value={current ?? null}
      onChange={(name) => name && navigate(`/rules/${name}`)}
      nothingFoundMessage="No entity"
    />
  );
}

/** What a rule does, in a line: the fields it computes and transforms, its validations and actions. */
function summary(rule: Rule): string {
  const dsl = rule.ruleDsl;
  const parts = [
    ...Object.keys(dsl.compute).map((k) => `computes ${k}`),
    ...Object.keys(dsl.transform).map((k) => `transforms ${k}`),
    ...dsl.validate.map((v) => `checks ${v.id}`),
    ...dsl.actions.map((a) => `updates ${a.entity}`),
  ];
  return parts.join(', ') || 'does nothing';
}

const triggerLabel = (rule: Rule) =>
  (TRIGGERS.find((t) => t.value === rule.triggerType)?.label ?? rule.triggerType) +
  (rule.triggerFields.length ? `: ${rule.triggerFields.join(', ')}` : '');

function RuleDrawer({ rule, fields, onClose }: { rule: Rule; fields: Field[]; onClose: () => void }) {
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={`Rule “${rule.name}”`}>
      <Stack>
        <Group gap="xs">
          <Badge variant="light" color={rule.status === 'published' ? 'green' : 'gray'}>
            {rule.status}
          </Badge>
          <Text size="sm">{triggerLabel(rule)}</Text>
        </Group>
        <Code block aria-label="The rule as stored">
          {JSON.stringify(rule.ruleDsl, null, 2)}
        </Code>
        <RuleTester rule={() => ({ ruleId: rule.id })} dsl={rule.ruleDsl} fields={fields} />
      </Stack>
    </Drawer>
  );
}

function RulesTab({ entityName, fields, editable }: { entityName: string; fields: Field[]; editable: boolean }) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Rule | null>(null);
  const rules = useQuery({ queryKey: ['rules', entityName], queryFn: () => listRules(entityName) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['rules', entityName] });
  const publish = useMutation({
    mutationFn: (rule: Rule) => publishRule(rule.id),
    onSuccess: async (rule) => {
      notifyDone(`Rule “${rule.name}” published: it runs on every save of ${entityName}`);
      await refresh();
    },
    onError: (error) => notifyError(error, 'Could not publish the rule'),
  });
  const remove = (rule: Rule) =>
    confirmDanger({
      title: `Delete rule “${rule.name}”?`,
      body: 'It stops running at once. Values it already stored in records stay as they are.',
      confirmLabel: 'Delete rule',
      action: () => deleteRule(rule.id),
      doneMessage: `Rule “${rule.name}” deleted`,
      failedTitle: 'Could not delete the rule',
      then: refresh,
    });
  return (
    <Stack>
      {editable && (
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} w="fit-content">
          New rule
        </Button>
      )}
      <QueryState query={rules} label="rules">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No rule yet.</Text>
          ) : (
            <ListTable label={`Rules of ${entityName}`} minWidth={760} headers={['Name', 'Status', 'Runs', 'Does', 'Created', 'Actions']}>
              {list.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>{rule.name}</Table.Td>
                  <Table.Td miw={120}>
                    <Badge variant="light" color={rule.status === 'published' ? 'green' : 'gray'}>
                      {rule.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{triggerLabel(rule)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{summary(rule)}</Text>
                  </Table.Td>
                  <Table.Td>{formatDate(rule.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconFlask size={14} aria-hidden />}
                        onClick={() => setOpen(rule)}
                        aria-label={`Open and test ${rule.name}`}
                      >
                        Test
                      </Button>
                      {editable && rule.status === 'draft' && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => publish.mutate(rule)}
                          loading={publish.isPending && publish.variables.id === rule.id}
                          aria-label={`Publish ${rule.name}`}
                        >
                          Publish
                        </Button>
                      )}
                      {editable && (
                        <Tooltip label="Delete">
                          <ActionIcon variant="subtle" color="red" onClick={() => remove(rule)} aria-label={`Delete ${rule.name}`}>
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )
        }
      </QueryState>
      {creating && <RuleEditor entityName={entityName} fields={fields} onClose={() => setCreating(false)} />}
      {open && <RuleDrawer rule={open} fields={fields} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

export default function RulesPage() {
  const { entity } = useParams<{ entity?: string }>();
  const rights = useMyRights();
  const fields = useQuery({ queryKey: ['entity', entity, 'fields'], queryFn: () => listFields(entity!), enabled: !!entity });
  if (!entity) {
    return (
      <>
        <PageHeader
          title="Business rules"
          description="Rules compute, transform and validate values in every save of an entity's records."
        />
        <EntityChooser />
      </>
    );
  }
  return (
    <Stack gap="xs">
      <PageHeader title={`Rules of ${entity}`} description="Draft rules do nothing until published; published rules run in every save.">
        <EntityChooser current={entity} />
      </PageHeader>
      <QueryState query={fields} label="the entity">
        {(list) => (
          <Tabs defaultValue="rules" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="rules">Rules</Tabs.Tab>
              <Tabs.Tab value="runs">Run log</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="rules">
              <RulesTab key={entity} entityName={entity} fields={list.fields} editable={canChangeSchema(rights)} />
            </Tabs.Panel>
            <Tabs.Panel value="runs">
              <RuleRuns key={entity} entityName={entity} />
            </Tabs.Panel>
          </Tabs>
        )}
      </QueryState>
    </Stack>
  );
}
