import { Box, Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { adminLogout, tenantLogout } from '../api/auth.ts';
import type { Session } from '../session/session.ts';
import { sessionStore } from '../session/session.ts';

async function signOut(session: Session) {
  // Revoke what this tab holds; the session ends here whatever the service answers.
  const revoke =
    session.kind === 'admin'
      ? [adminLogout(session.adminToken), ...(session.token !== session.adminToken ? [adminLogout(session.token)] : [])]
      : [tenantLogout()];
  await Promise.allSettled(revoke);
  sessionStore.set(null);
}

export function AccountMenu({ session }: { session: Session }) {
  const who = session.kind === 'admin' ? session.admin : session.user;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" px="xs" rightSection={<IconChevronDown size={14} aria-hidden />}>
          <Text size="sm" truncate maw={160} visibleFrom="sm">
            {who.name || who.email}
          </Text>
          <Box hiddenFrom="sm" display="flex">
            <IconUserCircle size={20} aria-hidden />
            <VisuallyHidden>Account</VisuallyHidden>
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {who.email} · {session.kind === 'admin' ? 'administrator' : session.user.role}
        </Menu.Label>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut(session)}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
