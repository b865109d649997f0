import { Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { listBots, registerBot, resetBotSecret, revokeBot, type Bot, type NewBot } from '../../api/bots.ts';
import { confirmDanger } from '../../ui/confirm.tsx';
import { ErrorAlert, fieldErrors } from '../../ui/errors.tsx';
import { formatDate } from '../../ui/format.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { BotSecretOnce } from './SecretOnce.tsx';

const ROLES = [
  { value: 'viewer', label: 'viewer — reads records and the schema' },
  { value: 'member', label: 'member — creates, reads and updates records' },
  { value: 'admin', label: 'admin — every record action, changes the schema, deploys sites' },
];
const STATUS_COLORS = { active: 'green', locked: 'orange', revoked: 'gray' } as const;

function RegisterBot({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<{ name: string; description: string; role: NonNullable<NewBot['role']> }>({
    name: '',
    description: '',
    role: 'member',
  });
  const register = useMutation({
    mutationFn: () =>
      registerBot({
        name: values.name.trim(),
        role: values.role,
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bots'] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate();
  };
  const errors = fieldErrors(register.error);
  return (
    <Modal
      opened
      onClose={onClose}
      title={register.data ? `Bot “${register.data.name}” registered` : 'Register a bot'}
      closeOnClickOutside={!register.data}
    >
      {register.data ? (
        <BotSecretOnce secret={register.data.secret_key} botId={register.data.bot_id} onDone={onClose} />
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label="Name"
              description="Unique among the tenant's bots, e.g. “invoice-sync”"
              required
              value={values.name}
              onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
              error={errors.name}
              data-autofocus
            />
            <TextInput
              label="Description"
              value={values.description}
              onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
              error={errors.description}
            />
            <Select
              label="Role"
              data={ROLES}
              value={values.role}
              allowDeselect={false}
              onChange={(v) => v && setValues({ ...values, role: v as typeof values.role })}
              error={errors.role}
            />
            <ErrorAlert error={register.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={register.isPending}>
                Register bot
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export default function BotsPage() {
  const queryClient = useQueryClient();
  const bots = useQuery({ queryKey: ['bots'], queryFn: listBots });
  const [registering, setRegistering] = useState(false);
  const [secret, setSecret] = useState<{ name: string; botId: string; secret: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['bots'] });
  const reset = (bot: Bot) =>
    confirmDanger({
      title: `Give “${bot.name}” a new secret?`,
      body: 'The old secret stops working, and so does every token the bot holds, from its next request.',
      confirmLabel: 'Reset secret',
      action: () => resetBotSecret(bot.id).then((answer) => setSecret({ name: bot.name, botId: answer.bot_id, secret: answer.secret_key })),
      doneMessage: `New secret made for ${bot.name}`,
      failedTitle: 'Could not reset the secret',
      then: refresh,
    });
  const revoke = (bot: Bot) =>
    confirmDanger({
      title: `Delete the bot “${bot.name}”?`,
      body: 'It can no longer identify, and its tokens fail from the next request. It stays in the list as revoked; its name is freed.',
      confirmLabel: 'Delete bot',
      action: () => revokeBot(bot.id),
      doneMessage: `Bot ${bot.name} revoked`,
      failedTitle: 'Could not delete the bot',
      then: refresh,
    });
  return (
    <>
      <PageHeader title="Bots" description="Machine identities of this tenant: a role, a secret shown once, a one-hour token per identify.">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRegistering(true)}>
          New bot
        </Button>
      </PageHeader>
      <QueryState query={bots} label="bots">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No bot yet.</Text>
          ) : (
            <ListTable label="Bots" minWidth={720} headers={['Name', 'Role', 'Status', 'Last seen', 'Created', 'Actions']}>
              {list.map((bot) => (
                <Table.Tr key={bot.id}>
                  <Table.Td>
                    {bot.name}
                    {bot.description && (
                      <Text size="xs" c="dimmed">
                        {bot.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {bot.role}
                    {Object.keys(bot.permissions.entities ?? {}).length > 0 && (
                      <Text size="xs" c="dimmed">
                        + per-entity permissions
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={100}>
                    <Badge variant="light" color={STATUS_COLORS[bot.status]}>
                      {bot.status}
                    </Badge>
                    {bot.status === 'locked' && bot.lockedUntil && <Text size="xs">until {formatDate(bot.lockedUntil)}</Text>}
                  </Table.Td>
                  <Table.Td>{formatDate(bot.lastSeenAt)}</Table.Td>
                  <Table.Td>{formatDate(bot.createdAt)}</Table.Td>
                  <Table.Td>
                    {bot.status !== 'revoked' && (
                      <Group gap={4} wrap="nowrap">
                        <Button size="xs" variant="subtle" onClick={() => reset(bot)} aria-label={`Reset secret of ${bot.name}`}>
                          Reset secret
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => revoke(bot)} aria-label={`Delete ${bot.name}`}>
                          Delete
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )
        }
      </QueryState>
      {registering && <RegisterBot onClose={() => setRegistering(false)} />}
      {secret && (
        <Modal opened onClose={() => setSecret(null)} title={`New secret of “${secret.name}”`} closeOnClickOutside={false}>
          <BotSecretOnce secret={secret.secret} botId={secret.botId} onDone={() => setSecret(null)} />
        </Modal>
      )}
    </>
  );
}
