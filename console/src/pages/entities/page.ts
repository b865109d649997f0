import { IconDatabase } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';

export const entitiesPage: PageDef = {
  path: '/entities',
  nav: { label: 'Entities', icon: IconDatabase, order: 20 },
  needsTenant: true,
  visible: () => true,
  component: lazy(() => import('./EntitiesPage.tsx')),
};

export const entityPage: PageDef = {
  path: '/entities/:name',
  needsTenant: true,
  visible: () => true,
  component: lazy(() => import('./EntityPage.tsx')),
};
