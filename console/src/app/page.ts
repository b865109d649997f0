import type { Icon } from '@tabler/icons-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Rights } from '../session/rights.ts';
import type { Session } from '../session/session.ts';

/**
 * One page of the console. Each page lives in its own folder under pages/ and describes itself
 * with a `page.ts` (cheap: the component is loaded lazily, so each page is its own chunk);
 * pages/index.ts lists them. Adding a page = a folder + one line there.
 */
export interface PageDef {
  /** Route under /console, wouter syntax (`/entities/:name`). */
  path: string;
  /** The navigation entry, for pages reached from the menu. */
  nav?: { label: string; icon: Icon; order: number };
  /** Works inside a tenant (an administrator without one is sent to pick one). */
  needsTenant: boolean;
  /** Who sees the page, by the caller's rights as the API answers them (undefined until it has); the API still decides every call. */
  visible: (session: Session, rights: Rights | undefined) => boolean;
  component: LazyExoticComponent<ComponentType>;
}
