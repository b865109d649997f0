import { Badge, Button, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createApiKey, listApiKeys, revokeApiKey } from '../../api/api-keys.ts';
import { useSignedIn } from '../../session/session.ts';
import { confirmDanger } from '../../ui/confirm.tsx';
import { ErrorAlert, fieldErrors } from '../../ui/errors.tsx';
import { formatDate } from '../../ui/format.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SecretOnce } from '../../ui/SecretOnce.tsx';
import { QueryState } from '../../ui/QueryState.tsx';

function CreateKey({ opened, onClose, tenantName }: { opened: boolean; onClose: () => void; tenantName: string | undefined }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'tenant' | 'admin'>(tenantName ? 'tenant' : 'admin');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createApiKey(name.trim(), scope),
    onSuccess: async (key) => {
      setSecret(key.key);
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  const close = () => {
    setSecret(null);
    setName('');
    create.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const errors = fieldErrors(create.error);
  return (
    <Modal opened={opened} onClose={close} title={secret ? 'Your new API key' : 'Create an API key'} closeOnClickOutside={!secret}>
      {secret ? (
        <SecretOnce
          secret={secret}
          label="The new API key"
          copyLabel="Copy key"
          notice="This is the only time the key is shown. Only its fingerprint is kept."
          onDone={close}
        />
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label="Name"
              description="What will use it, e.g. “billing app”"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
            <div>
              <Text size="sm" fw={500} id="scope-label">
                Scope
              </Text>
              <SegmentedControl
                aria-labelledby="scope-label"
                value={scope}
                onChange={(v) => setScope(v as 'tenant' | 'admin')}
                data={[
                  { value: 'tenant', label: 'This tenant', disabled: !tenantName },
                  { value: 'admin', label: 'Administrator' },
                ]}
              />
              <Text size="xs" c="dimmed" mt={4}>
                {scope === 'tenant'
                  ? `Acts in ${tenantName ?? 'the selected tenant'} only, with owner rights.`
                  : 'Acts as you in any tenant, named per request with X-Tenant-ID.'}
              </Text>
            </div>
            <ErrorAlert error={create.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export default function ApiKeysPage() {
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: listApiKeys });
  const tenantName = session.kind === 'admin' ? session.tenant?.name : undefined;
  const revoke = (id: string, name: string) =>
    confirmDanger({
      title: `Revoke “${name}”?`,
      body: 'It stops working at once, everywhere it is used.',
      confirmLabel: 'Revoke key',
      action: () => revokeApiKey(id),
      doneMessage: `Key “${name}” revoked`,
      failedTitle: 'Could not revoke the key',
      then: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
    });
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys for programs: a tenant key acts in its tenant with owner rights; an administrator key acts as you."
      >
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
          New API key
        </Button>
      </PageHeader>
      <QueryState query={keys} label="API keys">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No active key.</Text>
          ) : (
            <ListTable label="API keys" minWidth={560} headers={['Name', 'Scope', 'Starts with', 'Created', 'Last used', 'Actions']}>
              {list.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={k.scope === 'admin' ? 'grape' : 'blue'}>
                      {k.scope}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <code>{k.prefix}…</code>
                  </Table.Td>
                  <Table.Td>{formatDate(k.createdAt)}</Table.Td>
                  <Table.Td>{formatDate(k.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" onClick={() => revoke(k.id, k.name)} aria-label={`Revoke ${k.name}`}>
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )
        }
      </QueryState>
      <CreateKey opened={opened} onClose={close} tenantName={tenantName} />
    </>
  );
}
