import { IconUsers } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';
import { canManageUsers } from '../../session/rights.ts';

export const usersPage: PageDef = {
  path: '/users',
  nav: { label: 'Users & roles', icon: IconUsers, order: 40 },
  needsTenant: true,
  visible: (_session, rights) => canManageUsers(rights),
  component: lazy(() => import('./UsersPage.tsx')),
};
