import { IconMathFunction } from '@tabler/icons-react';
import { lazy } from 'react';
import type { PageDef } from '../../app/page.ts';

const component = lazy(() => import('./RulesPage.tsx'));

export const rulesPage: PageDef = {
  path: '/rules',
  nav: { label: 'Business rules', icon: IconMathFunction, order: 35 },
  needsTenant: true,
  visible: () => true,
  component,
};

export const entityRulesPage: PageDef = { path: '/rules/:entity', needsTenant: true, visible: () => true, component };
