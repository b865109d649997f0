import { IconBuildingStore } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';

export const tenantsPage: PageDef = {
  path: '/tenants',
  nav: { label: 'Tenants', icon: IconBuildingStore, order: 10 },
  needsTenant: false,
  visible: (session) => session.kind === 'admin',
  component: lazy(() => import('./TenantsPage.tsx')),
};
