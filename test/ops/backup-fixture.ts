import { PassThrough } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import type { TestApp } from '../helpers/app.js';
import type { cliAgainst } from './cli-harness.js';

export const PASSWORD = 'tenant-password-1';

/**
 * A tenant with something in every backed-up table, made through the public API: an entity with a
 * published version and a draft, records with a unique field and a relation, users.
 */
export async function fillTenant(t: TestApp, name: string): Promise<{ id: string; slug: string; apiKey: string }> {
  const tenant = await t.createTenant(name);
  const key = { apiKey: tenant.apiKey };
  const must = async (res: Promise<{ status: number; body: any }>, status: number) => {
    const r = await res;
    if (r.status !== status) throw new Error(`fixture step answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  await must(
    t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'clients' },
          fields: [
            { name: 'Name', fieldKey: 'name', fieldType: 'text', isRequired: true },
            { name: 'Email', fieldKey: 'email', fieldType: 'email', isUnique: true },
          ],
        },
        auto_publish: true,
        version_message: 'first',
      },
      key,
    ),
    201,
  );
  await must(
    t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'invoices' },
          fields: [
            { name: 'Number', fieldKey: 'number', fieldType: 'text' },
            { name: 'Client', fieldKey: 'client', fieldType: 'relation', config: { relatedEntity: 'clients' } },
            { name: 'Total', fieldKey: 'total', fieldType: 'number' },
          ],
        },
        auto_publish: true,
        version_message: 'first',
      },
      key,
    ),
    201,
  );
  const clients = [];
  for (let i = 0; i < 7; i++) {
    clients.push(await must(t.post('/api/entities/clients/records', { name: `Cliente ${i}`, email: `c${i}@example.com` }, key), 201));
  }
  for (let i = 0; i < 5; i++) {
    await must(t.post('/api/entities/invoices/records', { number: `F-${i}`, client: clients[i].id, total: 10.5 * i }, key), 201);
  }
  // A draft beside the published version.
  await must(t.post('/api/entities/clients/fields', { field: { name: 'Phone', fieldKey: 'phone', fieldType: 'phone' } }, key), 201);
  await must(t.post('/api/auth/tenant/users', { email: 'owner@example.com', password: PASSWORD, name: 'Owner', role: 'owner' }, key), 201);
  await must(
    t.post('/api/auth/tenant/users', { email: 'viewer@example.com', password: PASSWORD, name: 'Viewer', role: 'viewer' }, key),
    201,
  );
  await must(t.post('/api/auth/tenant/login', { email: 'owner@example.com', password: PASSWORD }, { tenant: tenant.slug }), 200);
  return tenant;
}

/** Runs `tenantbase backup` and answers the archive's bytes. */
export async function backupBytes(
  cli: ReturnType<typeof cliAgainst>,
  tenant: string,
): Promise<{ code: number; log: string; archive: Buffer }> {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  const run = await cli(['backup', tenant], { stdout });
  return { code: run.code, log: run.log, archive: Buffer.concat(chunks) };
}

/** The archive's lines, parsed. */
export const archiveJson = (archive: Buffer) =>
  gunzipSync(archive)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as any);
