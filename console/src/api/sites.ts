import { api, data } from './client.ts';
import type { Answer } from './answers.ts';

export type Site = Answer<'list_static_sites'>[number];
export type Deployed = Answer<'deploy_static_site', 201>;

export interface SiteFile {
  path: string;
  content: string;
  encoding: 'utf8' | 'base64';
}

export const listSites = () => data<unknown>()(api.GET('/api/sites'));

export const deploySite = (subdomain: string, files: SiteFile[]) => data<unknown>()(api.POST('/api/sites', { body: { subdomain, files } }));

export const rollbackSite = (subdomain: string, version: number) =>
  data<unknown>()(api.POST('/api/sites/{subdomain}/rollback', { params: { path: { subdomain } }, body: { version } }));

export const deleteSite = (subdomain: string) => data<unknown>()(api.DELETE('/api/sites/{subdomain}', { params: { path: { subdomain } } }));
