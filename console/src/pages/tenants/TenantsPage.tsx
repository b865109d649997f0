import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { createTenant, listTenants } from '../../api/auth.ts';
import { switchTenant } from '../../app/TenantSwitcher.tsx';
import { useSignedIn } from '../../session/session.ts';
import { ErrorAlert, fieldErrors, notifyDone, notifyError } from '../../ui/errors.tsx';
import { formatDate } from '../../ui/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryState } from '../../ui/QueryState.tsx';

function CreateTenant({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name: '', slug: '', description: '' });
  const create = useMutation({
    mutationFn: () =>
      createTenant({
        name: values.name,
        ...(values.slug ? { slug: values.slug } : {}),
        ...(values.description ? { description: values.description } : {}),
      }),
    onSuccess: async (tenant) => {
      notifyDone(`Tenant "${tenant.name}" created (slug ${tenant.slug})`);
      setValues({ name: '', slug: '', description: '' });
      await queryClient.invalidateQueries({ queryKey: ['tenants'] });
      onClose();
    },
  });
  const errors = fieldErrors(create.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Create a tenant">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            label="Slug"
            description="Lowercase, hyphen-separated; made from the name when left empty"
            value={values.slug}
            onChange={(e) => setValues({ ...values, slug: e.currentTarget.value })}
            error={errors.slug}
          />
          <Textarea
            label="Description"
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
            error={errors.description}
          />
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create tenant
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default function TenantsPage() {
  const session = useSignedIn();
  const [, navigate] = useLocation();
  const [opened, { open, close }] = useDisclosure();
  const tenants = useQuery({
    queryKey: ['tenants'],
    queryFn: () => listTenants(session.kind === 'admin' ? session.adminToken : undefined),
  });
  const current = session.kind === 'admin' ? session.tenant?.slug : session.tenant.slug;

  const use = (slug: string) => {
    if (session.kind !== 'admin') return;
    switchTenant(session, slug)
      .then(() => navigate('/entities'))
      .catch((error: unknown) => notifyError(error, 'Could not switch tenant'));
  };

  return (
    <>
      <PageHeader title="Tenants" description="Each tenant is an isolated workspace with its own entities, records and users.">
        {session.kind === 'admin' && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
            New tenant
          </Button>
        )}
      </PageHeader>
      {session.kind === 'admin' && !current && (
        <Text mb="md" role="status">
          Choose a tenant to work in.
        </Text>
      )}
      <QueryState query={tenants} label="tenants">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No tenant yet. Create the first one.</Text>
          ) : (
            <Table.ScrollContainer minWidth={500}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Slug</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>
                        <Text fw={500}>{t.name}</Text>
                        {t.description && (
                          <Text size="xs" c="dimmed">
                            {t.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <code>{t.slug}</code>
                      </Table.Td>
                      <Table.Td>{formatDate(t.createdAt)}</Table.Td>
                      <Table.Td>
                        {current === t.slug ? (
                          <Badge>Current</Badge>
                        ) : (
                          session.kind === 'admin' && (
                            <Button size="xs" variant="light" onClick={() => use(t.slug)} aria-label={`Work in this tenant: ${t.name}`}>
                              Work in this tenant
                            </Button>
                          )
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <CreateTenant opened={opened} onClose={close} />
    </>
  );
}
