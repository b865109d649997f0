import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconRocket, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteSite, listSites, rollbackSite, type Site } from '../../api/sites.ts';
import { canWriteSites, useMyRights } from '../../session/rights.ts';
import { confirmDanger } from '../../ui/confirm.tsx';
import { notifyDone, notifyError } from '../../ui/errors.tsx';
import { formatDate } from '../../ui/format.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { DeployModal } from './DeployModal.tsx';
import { formatBytes } from './read-files.ts';

function SiteCard({ site, editable, onDeploy }: { site: Site; editable: boolean; onDeploy: () => void }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['sites'] });
  const rollback = useMutation({
    mutationFn: (version: number) => rollbackSite(site.subdomain, version),
    onSuccess: async (answer) => {
      notifyDone(`${site.subdomain}: version ${answer.liveVersion} is live again`);
      await refresh();
    },
    onError: (error) => notifyError(error, 'Could not roll back'),
  });
  const remove = () =>
    confirmDanger({
      title: `Delete the site ${site.subdomain}?`,
      body: 'Every version is deleted and the subdomain is freed for anyone to claim.',
      confirmLabel: 'Delete site',
      action: () => deleteSite(site.subdomain),
      doneMessage: `Site ${site.subdomain} deleted`,
      failedTitle: 'Could not delete the site',
      then: refresh,
    });
  return (
    <Card withBorder component="section" aria-label={`Site ${site.subdomain}`}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={3} size="h4">
            {site.subdomain}
          </Title>
          <Anchor href={site.url} target="_blank" rel="noreferrer" size="sm">
            {site.url}
          </Anchor>
          <Text size="sm" c="dimmed">
            Live: version {site.liveVersion} · {site.fileCount} file(s), {formatBytes(site.totalBytes)} · updated{' '}
            {formatDate(site.updatedAt)}
          </Text>
        </div>
        {editable && (
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<IconUpload size={14} aria-hidden />}
              onClick={onDeploy}
              aria-label={`Deploy a new version of ${site.subdomain}`}
            >
              Deploy a new version
            </Button>
            <Button size="xs" variant="outline" color="red" onClick={remove} aria-label={`Delete the site ${site.subdomain}`}>
              Delete
            </Button>
          </Group>
        )}
      </Group>
      <ListTable
        label={`Deploy history of ${site.subdomain}`}
        minWidth={520}
        headers={['Version', 'Files', 'Size', 'Deployed', editable ? 'Actions' : '']}
      >
        {site.versions.map((v) => (
          <Table.Tr key={v.version}>
            <Table.Td>
              <Group gap="xs">
                {v.version}
                {v.live && (
                  <Badge color="green" variant="light">
                    live
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{v.fileCount}</Table.Td>
            <Table.Td>{formatBytes(v.totalBytes)}</Table.Td>
            <Table.Td>{formatDate(v.createdAt)}</Table.Td>
            <Table.Td>
              {editable && !v.live && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => rollback.mutate(v.version)}
                  loading={rollback.isPending && rollback.variables === v.version}
                  aria-label={`Roll back ${site.subdomain} to version ${v.version}`}
                >
                  Roll back
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <Text size="xs" c="dimmed" mt="xs">
        The last 10 versions are kept; a rollback switches the live version at once and creates none.
      </Text>
    </Card>
  );
}

export default function SitesPage() {
  const rights = useMyRights();
  const editable = canWriteSites(rights);
  const sites = useQuery({ queryKey: ['sites'], queryFn: listSites });
  const [deploying, setDeploying] = useState<{ subdomain?: string } | null>(null);
  return (
    <>
      <PageHeader
        title="Static sites"
        description="Files served by the service on their own subdomain; each deploy is a version you can roll back to."
      >
        {editable && (
          <Button leftSection={<IconRocket size={16} aria-hidden />} onClick={() => setDeploying({})}>
            New site
          </Button>
        )}
      </PageHeader>
      <QueryState query={sites} label="static sites">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No site yet.</Text>
          ) : (
            <Stack>
              {list.map((site) => (
                <SiteCard
                  key={site.subdomain}
                  site={site}
                  editable={editable}
                  onDeploy={() => setDeploying({ subdomain: site.subdomain })}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {deploying && <DeployModal {...deploying} onClose={() => setDeploying(null)} />}
    </>
  );
}
