import { IconTable } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';

const component = lazy(() => import('./RecordsPage.tsx'));

export const recordsPage: PageDef = {
  path: '/records',
  nav: { label: 'Records', icon: IconTable, order: 30 },
  needsTenant: true,
  visible: () => true,
  component,
};

export const entityRecordsPage: PageDef = { path: '/records/:entity', needsTenant: true, visible: () => true, component };
