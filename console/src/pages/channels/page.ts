import { IconBroadcast } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';

export const channelPage: PageDef = {
  path: '/channel',
  nav: { label: 'Channel', icon: IconBroadcast, order: 62 },
  needsTenant: true,
  visible: () => true,
  component: lazy(() => import('./ChannelPage.tsx')),
};
