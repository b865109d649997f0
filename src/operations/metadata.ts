import { z } from 'zod';
import { exportMetadata as exportAll, importMetadata as importAll } from '../domain/entities/metadata.service.js';
import { validationError } from '../errors.js';
import { defineTenantOperation } from './operation.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const exportMetadata = defineTenantOperation({
  name: 'export_metadata',
  title: 'Export metadata',
  description:
    "Exports the tenant's data model as JSON, e.g. { format, formatVersion, exportedAt, entities: [{ name, status, version, displayName, fields, … }], rules }. Pass it to import_metadata to copy the model to another tenant.",
  input: z.object({}),
  mode: 'read',
  idempotent: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [{ method: 'GET', path: '/api/metadata/export' }],
  run: (ctx) => exportAll(ctx.tx),
});

export const importMetadata = defineTenantOperation({
  name: 'import_metadata',
  title: 'Import metadata',
  description:
    'Imports an export_metadata result, e.g. { "metadata": <export_metadata answer> } (object or JSON text): creates missing entities, leaves identical ones alone. An existing entity that differs is a CONFLICT and nothing is written. Answers { created, unchanged, notes }.',
  input: z.object({
    metadata: z
      .union([z.record(z.string(), z.unknown()), z.string()])
      .optional()
      .describe('An export_metadata result'),
  }),
  mode: 'write',
  idempotent: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [
    {
      method: 'POST',
      path: '/api/metadata/import',
      // The body may be the export itself or { metadata }.
      input: (r) => (isObject(r.body) && 'metadata' in r.body ? r.body : { metadata: r.body }),
    },
  ],
  run: async (ctx, input) => {
    if (input.metadata === undefined) {
      throw validationError('metadata is required: pass the result of export_metadata', [{ field: 'metadata', message: 'required' }]);
    }
    return importAll(ctx.tx, input.metadata);
  },
});
