import { IconRobot } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';
import { canManageBots } from '../../session/rights.ts';

export const botsPage: PageDef = {
  path: '/bots',
  nav: { label: 'Bots', icon: IconRobot, order: 45 },
  needsTenant: true,
  visible: (_session, rights) => canManageBots(rights),
  component: lazy(() => import('./BotsPage.tsx')),
};
