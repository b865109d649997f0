import { AppShell, Burger, Center, Group, Loader, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { PAGES } from '../pages/index.ts';
import { useMyRights } from '../session/rights.ts';
import type { Session } from '../session/session.ts';
import { tenantSlugOf } from '../session/session.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { TenantSwitcher } from './TenantSwitcher.tsx';

export default function Shell({ session }: { session: Session }) {
  const [opened, { toggle, close }] = useDisclosure();
  const [location] = useLocation();
  const rights = useMyRights();
  const hasTenant = tenantSlugOf(session) !== undefined;
  const nav = PAGES.filter((p) => p.nav && p.visible(session, rights)).sort((a, b) => a.nav!.order - b.nav!.order);
  // Until the API answered the caller's rights, a page's address waits rather than redirecting away.
  const known = rights !== undefined || !hasTenant;
  const home = hasTenant ? '/entities' : '/tenants';

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={1} size="h4">
              Tenantbase
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <TenantSwitcher session={session} />
            <AccountMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {nav.map((p) => {
            const Icon = p.nav!.icon;
            const href = p.path;
            return (
              <NavLink
                key={p.path}
                component={Link}
                href={href}
                label={p.nav!.label}
                leftSection={<Icon size={18} aria-hidden />}
                active={location === href || location.startsWith(`${href}/`)}
                onClick={close}
              />
            );
          })}
          {session.kind === 'user' && (
            <Text size="xs" c="dimmed" p="sm">
              Signed in to {session.tenant.slug} as {session.user.role}
            </Text>
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense
          fallback={
            <Center h={200}>
              <Loader aria-label="Loading the page" />
            </Center>
          }
        >
          <Switch>
            {PAGES.map((p) => (
              <Route key={p.path} path={p.path}>
                {p.needsTenant && !hasTenant ? (
                  <Redirect to="/tenants" replace />
                ) : !known ? (
                  <Center h={200}>
                    <Loader aria-label="Loading your rights" />
                  </Center>
                ) : p.visible(session, rights) ? (
                  <p.component />
                ) : (
                  <Redirect to={home} replace />
                )}
              </Route>
            ))}
            <Route>
              <Redirect to={home} replace />
            </Route>
          </Switch>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
