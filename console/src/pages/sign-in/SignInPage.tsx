import { Alert, Button, Center, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { adminLogin, tenantLogin, tenantMe } from '../../api/auth.ts';
import { sessionStore } from '../../session/session.ts';
import { ErrorAlert } from '../../ui/errors.tsx';

function useSubmit(action: (form: FormData) => Promise<void>) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    action(form)
      .catch(setError)
      .finally(() => setBusy(false));
  };
  return { error, busy, onSubmit };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

function AdminForm({ done }: { done: () => void }) {
  const { error, busy, onSubmit } = useSubmit(async (form) => {
    const { token, admin } = await adminLogin(text(form, 'email'), String(form.get('password') ?? ''));
    sessionStore.set({ kind: 'admin', adminToken: token, token, admin, tenant: null });
    done();
  });
  return (
    <form onSubmit={onSubmit} aria-label="Administrator sign in">
      <Stack>
        <TextInput name="email" label="Email" type="email" autoComplete="username" required />
        <PasswordInput name="password" label="Password" autoComplete="current-password" required />
        <ErrorAlert error={error} title="Could not sign in" />
        <Button type="submit" loading={busy}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

function TenantUserForm({ done }: { done: () => void }) {
  const { error, busy, onSubmit } = useSubmit(async (form) => {
    const tenant = text(form, 'tenant');
    const { token } = await tenantLogin(tenant, text(form, 'email'), String(form.get('password') ?? ''));
    const me = await tenantMe(token);
    sessionStore.set({
      kind: 'user',
      token,
      tenant: { slug: tenant },
      user: { id: me.id, email: me.email, name: me.name, role: me.role, permissions: me.permissions },
    });
    done();
  });
  return (
    <form onSubmit={onSubmit} aria-label="Tenant user sign in">
      <Stack>
        <TextInput name="tenant" label="Tenant" description="The tenant's slug, e.g. acme-shop" autoComplete="organization" required />
        <TextInput name="email" label="Email" type="email" autoComplete="username" required />
        <PasswordInput name="password" label="Password" autoComplete="current-password" required />
        <ErrorAlert error={error} title="Could not sign in" />
        <Button type="submit" loading={busy}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

export default function SignInPage() {
  const [, navigate] = useLocation();
  const ended = sessionStore.endedBecause();
  const done = () => navigate('/', { replace: true });
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Tenantbase
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to the console
            </Text>
          </div>
          {ended && (
            <Alert color="yellow" role="status">
              {ended}
            </Alert>
          )}
          <Tabs defaultValue="admin" keepMounted={false}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="admin">Administrator</Tabs.Tab>
              <Tabs.Tab value="user">Tenant user</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="admin">
              <AdminForm done={done} />
            </Tabs.Panel>
            <Tabs.Panel value="user">
              <TenantUserForm done={done} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Paper>
    </Center>
  );
}
