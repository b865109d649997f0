import type { TestApp } from '../helpers/app.js';

export type Auth = { apiKey: string };

/** The shipped prebuilds and what each installs (docs/prebuilds.md). */
export const PREBUILDS = {
  freelancer: { entities: ['clientes', 'proyectos', 'facturas', 'lineas_factura', 'pagos'], rules: 5, samples: 17 },
  taller: { entities: ['clientes', 'vehiculos', 'ordenes', 'servicios', 'inventario'], rules: 4, samples: 18 },
  tienda: { entities: ['clientes', 'categorias', 'productos', 'pedidos', 'lineas_pedido'], rules: 5, samples: 19 },
} as const;
export type PrebuildName = keyof typeof PREBUILDS;
export const PREBUILD_NAMES = Object.keys(PREBUILDS) as PrebuildName[];

/** Everything observable about a tenant's model and data: the export (entities, rules) and every entity's records. */
export async function tenantState(t: TestApp, as: Auth) {
  const exported = await t.get('/api/metadata/export', as);
  if (exported.status !== 200) throw new Error(`export failed: ${JSON.stringify(exported.body)}`);
  const { exportedAt: _e, ...model } = exported.body.data;
  const records: Record<string, unknown[]> = {};
  for (const e of model.entities as Array<{ name: string; status: string }>) {
    if (e.status !== 'published') continue;
    const page = await t.get(`/api/entities/${e.name}/records?limit=100&sort=createdAt`, as);
    records[e.name] = page.body.data.data;
  }
  return { model, records };
}

/** Records of an entity, by the value of one field. */
export async function recordsBy(t: TestApp, as: Auth, entity: string, key: string): Promise<Record<string, any>> {
  const page = await t.get(`/api/entities/${entity}/records?limit=100`, as);
  if (page.status !== 200) throw new Error(`list ${entity} failed: ${JSON.stringify(page.body)}`);
  return Object.fromEntries(page.body.data.data.map((r: any) => [String(r.data[key]), r]));
}

export async function install(t: TestApp, as: Auth, body: Record<string, unknown>) {
  const res = await t.post('/api/metadata/import', body, as);
  if (res.status !== 200) throw new Error(`install failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
