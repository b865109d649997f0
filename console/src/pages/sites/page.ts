import { IconWorldWww } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';

export const sitesPage: PageDef = {
  path: '/sites',
  nav: { label: 'Static sites', icon: IconWorldWww, order: 60 },
  needsTenant: true,
  visible: () => true,
  component: lazy(() => import('./SitesPage.tsx')),
};
