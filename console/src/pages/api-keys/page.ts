import { IconKey } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';

export const apiKeysPage: PageDef = {
  path: '/api-keys',
  nav: { label: 'API keys', icon: IconKey, order: 50 },
  // API keys are an administrator's tool: a tenant key is made inside the selected tenant.
  needsTenant: false,
  visible: (session) => session.kind === 'admin',
  component: lazy(() => import('./ApiKeysPage.tsx')),
};
