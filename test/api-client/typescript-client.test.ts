import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** A program using the generated client as an application would; the @ts-expect-error lines must not compile. */
const USAGE = `
import { createTenantClient, TenantbaseError, type PedidosResolved, type ClientesRecord } from './client.js';
declare const process: { env: Record<string, string | undefined> };

const client = createTenantClient({ baseUrl: process.env.BASE_URL ?? '', apiKey: process.env.API_KEY ?? '' });
const ana: ClientesRecord = await client.clientes.create({ nombre: 'Ana', nivel: 'oro', edad: 30 });
await client.clientes.create({ nombre: 'Bea', nivel: 'plata', email: null });
const big = await client.pedidos.create({ total: 120, cliente: ana.id, pagado: false, fecha: '2026-01-31' });
await client.pedidos.create({ total: 15, cliente: ana.id, pagado: true });
const page = await client.pedidos.list({ filter: { total: { gte: 100 }, pagado: false }, sort: 'total', order: 'desc' });
const oro = await client.clientes.list({ filter: { nivel: { in: ['oro'] } } });
const resolved: PedidosResolved = await client.pedidos.get(big.id, { resolve: true });
const nombre: string | undefined = resolved.data.cliente?.data.nombre;
const updated = await client.pedidos.update(big.id, { pagado: true, fecha: null });
let refused = 'none';
try {
  await client.clientes.create({ nombre: '', nivel: 'oro' });
} catch (error) {
  if (error instanceof TenantbaseError && error.code === 'VALIDATION_ERROR') refused = \`\${error.code}:\${error.details[0]?.field ?? ''}\`;
}
const removed = await client.pedidos.delete(big.id);

if (false as boolean) {
  // @ts-expect-error: not a sort key
  void client.pedidos.list({ sort: 'nope' });
  // @ts-expect-error: not an option of nivel
  void client.clientes.create({ nombre: 'x', nivel: 'bronce' });
  // @ts-expect-error: nombre is required
  void client.clientes.create({ edad: 1 });
  // @ts-expect-error: contains is not an operator of number fields
  void client.pedidos.list({ filter: { total: { contains: '1' } } });
  // @ts-expect-error: record data is read-only
  ana.data.nombre = 'changed';
  // @ts-expect-error: a relation without resolve is an id
  void resolved.data.cliente?.toUpperCase();
  // @ts-expect-error: ErrorCode is a closed union
  const code: import('./client.js').ErrorCode = 'TEAPOT';
  void code;
}

console.log(JSON.stringify({
  total: page.total,
  first: page.data[0]?.data.total,
  oro: oro.data.map((r) => r.data.nombre),
  nombre,
  updated: updated.data,
  refused,
  removed: removed.deleted,
}));
`;

describe('generate_api_client (GET /api/rest-api-client)', () => {
  let t: TestApp;
  let tenant: { slug: string; apiKey: string };
  let baseUrl: string;
  // Outside the repository: the client needs no package to compile or run.
  const dir = mkdtempSync(join(tmpdir(), 'tenantbase-client-'));
  const publish = async (name: string, fields: unknown[]) => {
    const res = await t.post(
      '/api/entities',
      { definition: { entity: { name }, fields }, auto_publish: true, version_message: 'v1' },
      tenant,
    );
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenant = await t.createTenant('Cliente Tipado');
    await publish('clientes', [
      { name: 'Nombre', fieldKey: 'nombre', fieldType: 'text', isRequired: true },
      { fieldKey: 'email', fieldType: 'email' },
      { fieldKey: 'nivel', fieldType: 'select', config: { options: ['oro', { value: 'plata', label: 'Plata' }] } },
      { fieldKey: 'edad', fieldType: 'integer' },
      { fieldKey: 'ubicacion', fieldType: 'location' },
      { fieldKey: 'extra', fieldType: 'json' },
    ]);
    await publish('pedidos', [
      { fieldKey: 'total', fieldType: 'number', isRequired: true },
      { fieldKey: 'cliente', fieldType: 'relation', config: { relatedEntity: 'clientes' } },
      { fieldKey: 'pagado', fieldType: 'boolean' },
      { fieldKey: 'fecha', fieldType: 'date' },
      { fieldKey: 'adjunto', fieldType: 'file' },
    ]);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('compiles under tsc --strict --noUncheckedIndexedAccess with no any, and runs against the service', async () => {
    const res = await t.get('/api/rest-api-client', tenant);
    expect(res.status).toBe(200);
    expect(res.body.data.filename).toBe('cliente-tipado-client.ts');
    const code = res.body.data.code as string;
    expect(code).not.toMatch(/\bany\b/);
    expect(code).toMatch(/nivel\?: "oro" \| "plata"/);
    writeFileSync(join(dir, 'client.ts'), code);
    writeFileSync(join(dir, 'usage.ts'), USAGE);
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    // Only the ES library and the DOM's fetch: no Node types, no dependency.
    const compilerOptions = {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM'],
      types: [],
      outDir: 'out',
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts', 'usage.ts'] }));
    const compiled = await run(process.execPath, [TSC, '-p', dir], { cwd: dir }).catch((e: { stdout?: string }) => {
      throw new Error(`tsc failed:\n${e.stdout ?? String(e)}`);
    });
    expect(compiled.stdout).toBe('');
    const { stdout } = await run(process.execPath, [join(dir, 'out', 'usage.js')], { env: { BASE_URL: baseUrl, API_KEY: tenant.apiKey } });
    expect(JSON.parse(stdout)).toEqual({
      total: 1,
      first: 120,
      oro: ['Ana'],
      nombre: 'Ana',
      updated: { total: 120, cliente: expect.any(String), pagado: true },
      refused: 'VALIDATION_ERROR:nombre',
      removed: true,
    });
  });

  it('says plainly when the tenant has nothing to type', async () => {
    const empty = await t.createTenant('Nada Publicado');
    const res = await t.get('/api/rest-api-client', empty);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/no published entities/);
  });
});
