import type { PageDef } from '../app/page.ts';
import { apiKeysPage } from './api-keys/page.ts';
import { botsPage } from './bots/page.ts';
import { channelPage } from './channels/page.ts';
import { entitiesPage, entityPage } from './entities/page.ts';
import { entityRecordsPage, recordsPage } from './records/page.ts';
import { entityRulesPage, rulesPage } from './rules/page.ts';
import { sitesPage } from './sites/page.ts';
import { tenantsPage } from './tenants/page.ts';
import { usersPage } from './users/page.ts';

/** Every page of the signed-in console; the navigation lists those with a `nav` entry, by `order`. */
export const PAGES: readonly PageDef[] = [
  tenantsPage,
  entitiesPage,
  entityPage,
  recordsPage,
  entityRecordsPage,
  rulesPage,
  entityRulesPage,
  usersPage,
  botsPage,
  apiKeysPage,
  sitesPage,
  channelPage,
];
