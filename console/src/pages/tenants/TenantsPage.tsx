import { Badge, Button, Table, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { createTenant, listTenants } from '../../api/auth.ts';
import { switchTenant } from '../../app/TenantSwitcher.tsx';
import { useSignedIn } from '../../session/session.ts';
import { textBinder } from '../../ui/bind.ts';
import { fieldErrors, notifyDone, notifyError } from '../../ui/errors.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { formatDate } from '../../ui/format.ts';
import { ListTable } from '../../ui/ListTable.tsx';
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
  const bind = textBinder(values, setValues, fieldErrors(create.error));
  return (
    <FormModal
      title="Create a tenant"
      opened={opened}
      onClose={onClose}
      onSubmit={() => create.mutate()}
      submitLabel="Create tenant"
      busy={create.isPending}
      error={create.error}
    >
      <TextInput label="Name" required {...bind('name')} data-autofocus />
      <TextInput label="Slug" description="Lowercase, hyphen-separated; made from the name when left empty" {...bind('slug')} />
      <Textarea label="Description" {...bind('description')} />
    </FormModal>
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
            <ListTable label="Tenants" minWidth={500} headers={['Name', 'Slug', 'Created', <VisuallyHidden>Actions</VisuallyHidden>]}>
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
            </ListTable>
          )
        }
      </QueryState>
      <CreateTenant opened={opened} onClose={close} />
    </>
  );
}
