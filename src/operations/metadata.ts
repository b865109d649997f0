import { z } from 'zod';
import { exportMetadata as exportAll, importMetadata as importAll } from '../domain/entities/metadata.service.js';
import { toolRef, validationError } from '../errors.js';
import { bind, defineTenantOperation } from './core/operation.js';
import { metadataExportOutput, metadataImportOutput } from './schemas/entities.js';

const metadataDocument = z.union([z.record(z.string(), z.unknown()), z.string()]);

export const exportMetadata = defineTenantOperation({
  name: 'export_metadata',
  title: 'Export metadata',
  description: `Exports the tenant's data model as JSON, e.g. { format, formatVersion, exportedAt, entities: [{ name, status, version, displayName, fields, … }], rules }. Pass it to ${toolRef('import_metadata')} to copy the model to another tenant.`,
  input: z.object({}),
  output: metadataExportOutput,
  mode: 'read',
  idempotent: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [bind({ method: 'GET', path: '/api/metadata/export' })],
  run: (ctx) => exportAll(ctx.tx),
});

export const importMetadata = defineTenantOperation({
  name: 'import_metadata',
  title: 'Import metadata',
  description: `Imports an ${toolRef('export_metadata')} result, e.g. { "metadata": <export_metadata answer> } (object or JSON text): creates missing entities, leaves identical ones alone. An existing entity that differs is a CONFLICT and nothing is written. Answers { created, unchanged, notes }.`,
  input: z.object({ metadata: metadataDocument.optional().describe('An export_metadata result') }),
  output: metadataImportOutput,
  mode: 'write',
  idempotent: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [
    bind({
      method: 'POST',
      path: '/api/metadata/import',
      description: 'Imports an export (GET /api/metadata/export) sent as the body, or as { metadata }.',
      body: metadataDocument.describe('The export document itself, or { metadata: <export> }'),
      map: ({ body }) => ({
        metadata: typeof body === 'object' && 'metadata' in body ? (body.metadata as z.infer<typeof metadataDocument>) : body,
      }),
    }),
  ],
  run: async (ctx, input) => {
    if (input.metadata === undefined) {
      throw validationError(`metadata is required: pass the result of ${toolRef('export_metadata')}`, [
        { field: 'metadata', message: 'required' },
      ]);
    }
    return importAll(ctx.tx, ctx.services.hooks.onPublish, input.metadata);
  },
});
