import { Alert, Badge, Button, Card, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getMyChannel, unpublishChannel, type MyChannel } from '../../api/channels.ts';
import { canChangeSchema, useMyRights } from '../../session/rights.ts';
import { confirmDanger } from '../../ui/confirm.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { AuditLog } from './AuditLog.tsx';
import { EditChannel, EditGrant, PublishChannel } from './ChannelForms.tsx';

type Dialog = 'publish' | 'edit' | 'grant' | null;

function Overview({ channel, editable, open }: { channel: MyChannel; editable: boolean; open: (d: Dialog) => void }) {
  const queryClient = useQueryClient();
  const unpublish = () =>
    confirmDanger({
      title: `Unpublish ${channel.slug}?`,
      body: 'Other tenants can no longer find or run it, at once, and its slug is freed. What it lends and its custom tools are kept for a later publish.',
      confirmLabel: 'Unpublish',
      action: unpublishChannel,
      doneMessage: `Channel ${channel.slug} unpublished`,
      failedTitle: 'Could not unpublish the channel',
      then: () => queryClient.invalidateQueries({ queryKey: ['my-channel'] }),
    });
  const grants = Object.entries(channel.permissions);
  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={3} size="h4">
                {channel.name}
              </Title>
              <Badge variant="light" color={channel.published ? 'green' : 'gray'}>
                {channel.published ? 'published' : 'unpublished'}
              </Badge>
            </Group>
            <Text size="sm">
              Slug <code>{channel.slug}</code>
            </Text>
            {channel.description && <Text size="sm">{channel.description}</Text>}
            <Group gap={4} mt={4}>
              {channel.tags.map((t) => (
                <Badge key={t} variant="outline" tt="none">
                  {t}
                </Badge>
              ))}
            </Group>
          </div>
          {editable && (
            <Group gap="xs">
              {channel.published ? (
                <>
                  <Button size="xs" variant="default" onClick={() => open('edit')}>
                    Edit details
                  </Button>
                  <Button size="xs" variant="default" onClick={() => open('grant')}>
                    Edit what it lends
                  </Button>
                  <Button size="xs" variant="outline" color="red" onClick={unpublish}>
                    Unpublish
                  </Button>
                </>
              ) : (
                <Button size="xs" onClick={() => open('publish')}>
                  Publish again
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Card>
      <div>
        <Title order={3} size="h5" mb={4}>
          Lent entities
        </Title>
        {grants.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing is lent.
          </Text>
        ) : (
          <Text size="sm">
            {grants.map(([entity, access]) => `${entity}: ${access === 'readwrite' ? 'read and write' : 'read'}`).join(' · ')}
          </Text>
        )}
      </div>
      <div>
        <Title order={3} size="h5" mb={4}>
          Tools other tenants see
        </Title>
        {channel.tools.length === 0 ? (
          <Text c="dimmed" size="sm">
            No tool.
          </Text>
        ) : (
          <ListTable label="Channel tools" minWidth={600} headers={['Tool', 'Kind', 'Entity', 'Access', 'Version', 'Usable']}>
            {channel.tools.map((t) => (
              <Table.Tr key={t.name}>
                <Table.Td>
                  <code>{t.name}</code>
                  <Text size="xs" c="dimmed">
                    {t.description}
                  </Text>
                </Table.Td>
                <Table.Td>{t.kind}</Table.Td>
                <Table.Td>{t.entity}</Table.Td>
                <Table.Td>{t.access}</Table.Td>
                <Table.Td>{t.version}</Table.Td>
                <Table.Td>{t.usable ? 'yes' : 'no: outside the grant'}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </div>
    </Stack>
  );
}

export default function ChannelPage() {
  const rights = useMyRights();
  const editable = canChangeSchema(rights);
  const channel = useQuery({ queryKey: ['my-channel'], queryFn: getMyChannel });
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <>
      <PageHeader
        title="Channel"
        description="Lend entities of this tenant to other tenants and their agents as tools; every execution is audited."
      />
      <QueryState query={channel} label="the channel">
        {(c) =>
          c === null ? (
            <Stack align="flex-start">
              <Text c="dimmed">This tenant has no channel.</Text>
              {editable ? (
                <Button onClick={() => setDialog('publish')}>Publish a channel</Button>
              ) : (
                <Alert color="blue">An owner or admin of the tenant can publish one.</Alert>
              )}
            </Stack>
          ) : (
            <Tabs defaultValue="overview" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="overview">Overview</Tabs.Tab>
                {editable && <Tabs.Tab value="audit">Audit log</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="overview">
                <Overview channel={c} editable={editable} open={setDialog} />
              </Tabs.Panel>
              {editable && (
                <Tabs.Panel value="audit">
                  <AuditLog />
                </Tabs.Panel>
              )}
            </Tabs>
          )
        }
      </QueryState>
      {dialog === 'publish' && <PublishChannel channel={channel.data ?? null} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && channel.data && <EditChannel channel={channel.data} onClose={() => setDialog(null)} />}
      {dialog === 'grant' && channel.data && <EditGrant channel={channel.data} onClose={() => setDialog(null)} />}
    </>
  );
}
