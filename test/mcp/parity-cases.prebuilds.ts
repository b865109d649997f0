import type { ParityCase } from './parity-harness.js';

/** Parity cases of the prebuild tools (docs/prebuilds.md): REST and MCP answer alike. */

const twin = { as: 'tenant', sides: 'twin' } as const;
const shared = { as: 'tenant', sides: 'shared' } as const;

export const PREBUILD_PARITY_CASES: Record<string, ParityCase[]> = {
  list_prebuilds: [
    { ...shared, title: 'the catalogue', args: () => ({}), rest: () => ({ method: 'GET', path: '/api/prebuilds' }) },
    { as: 'admin', title: 'for an admin key, no tenant needed', args: () => ({}), rest: () => ({ method: 'GET', path: '/api/prebuilds' }) },
  ],
  /** Added to import_metadata's cases (parity-cases.ts). */
  import_metadata: [
    {
      ...twin,
      title: 'a prebuild with sample data',
      args: () => ({ prebuild: 'tienda', sampleData: true }),
      rest: () => ({ method: 'POST', path: '/api/prebuilds/tienda/install', body: { sampleData: true } }),
    },
    {
      ...twin,
      title: 'a prebuild as a dry run',
      args: () => ({ prebuild: 'freelancer', dryRun: true }),
      rest: () => ({ method: 'POST', path: '/api/metadata/import', body: { prebuild: 'freelancer', dryRun: true } }),
    },
    {
      ...shared,
      title: 'an unknown prebuild',
      refused: true,
      args: () => ({ prebuild: 'panaderia' }),
      rest: () => ({ method: 'POST', path: '/api/prebuilds/panaderia/install' }),
    },
  ],
};
