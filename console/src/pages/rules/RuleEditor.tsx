import { Alert, Badge, Button, Group, List, Modal, MultiSelect, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createRule, type RuleInput, type TriggerType } from '../../api/rules.ts';
import type { Field } from '../../api/types.ts';
import { describeError, notifyDone } from '../../ui/errors.tsx';
import { CaretSnippet } from './CaretSnippet.tsx';
import { jsonProblem, offsetInText, ruleProblems, type DslProblem } from './dsl-errors.ts';
import { exampleRule } from './example.ts';
import { RuleTester } from './RuleTester.tsx';

export const TRIGGERS: { value: TriggerType; label: string }[] = [
  { value: 'before_save', label: 'Before every save' },
  { value: 'field_change', label: 'When chosen fields change' },
  { value: 'after_save', label: 'After every save (may update related records)' },
];

const TEMPLATE = `{
  "compute": {},
  "validate": [],
  "transform": {},
  "actions": []
}`;

/** The problems of a refused rule, each at its place: the expression with a caret at the API's position. */
function Problems({ title, problems, onShow }: { title: string; problems: DslProblem[]; onShow: (p: DslProblem) => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      <List size="sm" spacing="xs">
        {problems.map((p, i) => (
          <List.Item key={i}>
            <Text size="sm">
              <b>{p.where}</b>: {p.message}
            </Text>
            {p.snippet && (
              <Stack gap={4} mt={4}>
                <CaretSnippet text={p.snippet.text} offset={p.snippet.offset} label={`Where: ${p.where}`} />
                <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => onShow(p)}>
                  Show in the editor
                </Button>
              </Stack>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Writes a new rule of an entity in the DSL (docs/rules.md), tests it unsaved, and stores it as a draft or published. */
export function RuleEditor({ entityName, fields, onClose }: { entityName: string; fields: Field[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const editor = useRef<HTMLTextAreaElement>(null);
  const [name, setName] = useState('');
  const [trigger, setTrigger] = useState<TriggerType>('before_save');
  const [triggerFields, setTriggerFields] = useState<string[]>([]);
  const [text, setText] = useState(TEMPLATE);
  const [localProblem, setLocalProblem] = useState<DslProblem | null>(null);
  const [testing, setTesting] = useState(false);

  const rule = (): RuleInput | null => {
    const problem = jsonProblem(text);
    setLocalProblem(problem);
    if (problem) return null;
    return {
      ...(name.trim() ? { name: name.trim() } : {}),
      triggerType: trigger,
      ...(trigger === 'field_change' ? { triggerFields } : {}),
      ruleDsl: JSON.parse(text) as unknown,
    };
  };
  const save = useMutation({
    mutationFn: ({ input, publish }: { input: RuleInput; publish: boolean }) => createRule(entityName, input, publish),
    onSuccess: async (stored) => {
      notifyDone(`Rule “${stored.name}” saved as ${stored.status}`);
      await queryClient.invalidateQueries({ queryKey: ['rules', entityName] });
      onClose();
    },
  });
  const submit = (publish: boolean) => {
    const input = rule();
    if (input) save.mutate({ input, publish });
  };

  /** Selects the character a problem points at in the editor, so the caret is where the error is. */
  const show = (p: DslProblem) => {
    const area = editor.current;
    if (!area || !p.snippet) return;
    const at = p.snippet.text === text ? p.snippet.offset : offsetInText(text, p.snippet.text, p.snippet.offset);
    if (at === undefined) return;
    area.focus();
    area.setSelectionRange(at, Math.min(at + 1, text.length));
  };

  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Shown when the person saves or tests.
  }
  const apiProblems = save.error ? ruleProblems(save.error, parsed) : [];
  const keys = fields.filter((f) => !f.isSystem).map((f) => ({ value: f.fieldKey, label: `${f.name} (${f.fieldKey})` }));

  return (
    <Modal opened onClose={onClose} title={`New rule of ${entityName}`} size="xl" fullScreen={phone}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit(false);
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            description="Optional: a summary of what the rule does is used otherwise"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Select label="Runs" data={TRIGGERS} value={trigger} onChange={(v) => v && setTrigger(v as TriggerType)} allowDeselect={false} />
          {trigger === 'field_change' && (
            <MultiSelect
              label="Trigger fields"
              description="The rule runs when one of these is set or changes"
              data={keys}
              value={triggerFields}
              onChange={setTriggerFields}
              searchable
            />
          )}
          <Textarea
            ref={editor}
            label="Rule (DSL)"
            description="compute: { field: expression }, validate: [{ id, condition, message, severity }], transform: { field: lowercase | uppercase | trim | round | default }, actions (after save only). Expressions read the fields by key."
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={24}
            spellCheck={false}
            styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } }}
          />
          <Group gap={6} role="group" aria-label="Fields of the entity">
            <Button size="compact-xs" variant="light" onClick={() => setText(exampleRule(fields))}>
              Start from an example
            </Button>
            <Text size="xs" c="dimmed">
              Fields:
            </Text>
            {keys.map((k) => (
              <Badge key={k.value} variant="light" tt="none">
                {k.value}
              </Badge>
            ))}
          </Group>
          {localProblem && <Problems title="The rule cannot be read" problems={[localProblem]} onShow={show} />}
          {save.error ? <Problems title={describeError(save.error).title} problems={apiProblems} onShow={show} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="light" onClick={() => setTesting(true)} disabled={testing}>
              Test this rule
            </Button>
            <Button type="submit" variant="outline" loading={save.isPending && !save.variables.publish}>
              Save as draft
            </Button>
            <Button onClick={() => submit(true)} loading={save.isPending && save.variables.publish}>
              Save and publish
            </Button>
          </Group>
        </Stack>
      </form>
      {testing && (
        <Stack mt="md">
          <RuleTester
            rule={() => {
              const input = rule();
              return input && { entityName, ...input };
            }}
            dsl={parsed}
            fields={fields}
            onShow={show}
          />
        </Stack>
      )}
    </Modal>
  );
}
