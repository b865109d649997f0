import type { ParityCase, ParityEnv, ParityTenant } from './parity-harness.js';

/** Parity cases of the static site tools. A subdomain is unique across tenants: each twin names its own. */
const site = (tn: ParityTenant) => `${tn.slug}-site`;
const FILES = [
  { path: 'index.html', content: '<h1>Parity</h1>' },
  { path: 'logo.png', content: 'iVBORw0KGgo=', encoding: 'base64' },
];

async function deployIn(env: ParityEnv, tn: ParityTenant, content = 'v') {
  const res = await env.t.post('/api/sites', { subdomain: site(tn), files: [{ path: 'index.html', content }] }, { apiKey: tn.apiKey });
  if (res.status !== 201) throw new Error(`arrange deploy failed: ${JSON.stringify(res.body)}`);
}
const twin = { as: 'tenant', sides: 'twin' } as const;

export const SITE_PARITY_CASES: Record<string, ParityCase[]> = {
  deploy_static_site: [
    {
      ...twin,
      title: 'first deploy',
      args: (_e, tn) => ({ subdomain: site(tn), files: FILES }),
      rest: (_e, tn) => ({ method: 'POST', path: '/api/sites', body: { subdomain: site(tn), files: FILES } }),
    },
    {
      as: 'tenant',
      title: 'reserved subdomain',
      refused: true,
      args: () => ({ subdomain: 'www', files: FILES }),
      rest: () => ({ method: 'POST', path: '/api/sites', body: { subdomain: 'www', files: FILES } }),
    },
    {
      as: 'tenant',
      title: 'a path that climbs out',
      refused: true,
      args: () => ({ subdomain: 'parity-climb', files: [{ path: '../etc/passwd', content: 'x' }] }),
      rest: () => ({
        method: 'POST',
        path: '/api/sites',
        body: { subdomain: 'parity-climb', files: [{ path: '../etc/passwd', content: 'x' }] },
      }),
    },
  ],
  list_static_sites: [
    {
      ...twin,
      title: 'one site, two versions',
      arrange: async (env, tn) => {
        await deployIn(env, tn, 'one');
        await deployIn(env, tn, 'two');
      },
      args: () => ({}),
      rest: () => ({ method: 'GET', path: '/api/sites' }),
    },
  ],
  delete_static_site: [
    {
      ...twin,
      title: 'deletes',
      arrange: (env, tn) => deployIn(env, tn),
      args: (_e, tn) => ({ subdomain: site(tn) }),
      rest: (_e, tn) => ({ method: 'DELETE', path: `/api/sites/${site(tn)}` }),
    },
    {
      as: 'tenant',
      title: 'no such site',
      refused: true,
      args: () => ({ subdomain: 'parity-nowhere' }),
      rest: () => ({ method: 'DELETE', path: '/api/sites/parity-nowhere' }),
    },
  ],
  rollback_static_site: [
    {
      ...twin,
      title: 'back to version 1',
      arrange: async (env, tn) => {
        await deployIn(env, tn, 'one');
        await deployIn(env, tn, 'two');
      },
      args: (_e, tn) => ({ subdomain: site(tn), version: 1 }),
      rest: (_e, tn) => ({ method: 'POST', path: `/api/sites/${site(tn)}/rollback`, body: { version: 1 } }),
    },
    {
      ...twin,
      title: 'a version that is not kept',
      refused: true,
      arrange: (env, tn) => deployIn(env, tn),
      args: (_e, tn) => ({ subdomain: site(tn), version: 7 }),
      rest: (_e, tn) => ({ method: 'POST', path: `/api/sites/${site(tn)}/rollback`, body: { version: 7 } }),
    },
  ],
};
