import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/database.js';
import { hashSecret } from '../src/domain/auth/tokens.js';

/** What the benchmark seeds and what its workloads draw from. */
/**
 * The deadline of the benchmarks' own database handle (DATABASE_CALL_TIMEOUT_MS is the service's):
 * seeding inserts up to 100,000 rows per statement, which on a loaded machine takes longer than the
 * service's 30 s default allows one call.
 */
export const SEEDING_TIMEOUT_MS = 600_000;

export interface SeedPlan {
  tenants: number;
  records: number;
  /** Zipf exponent of tenant sizes (1 = classic: the biggest tenant is ~1/H(n) of all records). */
  zipf: number;
}

export interface SeededTenant {
  id: string;
  apiKey: string;
  customers: string[];
  orders: string[];
}

export const STATUSES = ['open', 'paid', 'shipped', 'cancelled'] as const;
/** Words of the order titles (some accented, so search exercises unaccent). */
export const WORDS = [
  'lámpara',
  'mesa',
  'silla',
  'café',
  'té',
  'azúcar',
  'canción',
  'camión',
  'niño',
  'jabón',
  'pingüino',
  'árbol',
  'widget',
  'gadget',
  'bolt',
  'nut',
  'screw',
  'panel',
  'cable',
  'switch',
  'sensor',
  'motor',
  'pump',
  'valve',
  'red',
  'green',
  'blue',
  'large',
  'small',
  'steel',
  'wooden',
  'plastic',
  'premium',
  'basic',
  'deluxe',
  'eco',
];

const CUSTOMERS_DEF = {
  displayName: 'Customers',
  description: '',
  icon: 'box',
  config: {},
  fields: [
    { name: 'Name', fieldKey: 'name', fieldType: 'text', isRequired: true, isUnique: false, description: '', config: {} },
    { name: 'City', fieldKey: 'city', fieldType: 'text', isRequired: false, isUnique: false, description: '', config: {} },
  ],
};
const ORDERS_DEF = {
  displayName: 'Orders',
  description: '',
  icon: 'box',
  config: { displayField: 'title' },
  fields: [
    { name: 'Title', fieldKey: 'title', fieldType: 'text', isRequired: true, isUnique: false, description: '', config: {} },
    {
      name: 'Status',
      fieldKey: 'status',
      fieldType: 'select',
      isRequired: false,
      isUnique: false,
      description: '',
      config: { options: [...STATUSES] },
    },
    { name: 'Amount', fieldKey: 'amount', fieldType: 'number', isRequired: false, isUnique: false, description: '', config: {} },
    {
      name: 'Customer',
      fieldKey: 'customer',
      fieldType: 'relation',
      isRequired: false,
      isUnique: false,
      description: '',
      config: { relatedEntity: 'customers' },
    },
  ],
};

/** Tenant sizes ∝ 1/rank^s, at least one record each, summing to `records`. */
export function zipfSizes(plan: SeedPlan): number[] {
  const weights = Array.from({ length: plan.tenants }, (_, i) => 1 / Math.pow(i + 1, plan.zipf));
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(2, Math.floor((w / sum) * plan.records)));
  sizes[0] = Math.max(2, sizes[0]! + plan.records - sizes.reduce((a, b) => a + b, 0));
  return sizes;
}

let seed = 42;
export const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
export const title = () => `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${Math.floor(random() * 1000)}`;

/** Seeds tenants, API keys, two published entities per tenant and Zipf-sized records, in bulk SQL as owner. */
export async function seedDatabase(db: Database, plan: SeedPlan, log: (s: string) => void): Promise<SeededTenant[]> {
  const started = Date.now();
  const sizes = zipfSizes(plan);
  const [admin] = await db.query<{ id: string }>(
    "insert into admins (email, name, password_hash) values ('bench@localhost', 'Bench', 'x') returning id",
  );
  const tenants: SeededTenant[] = [];
  const entityRows: Array<[string, string, string, string]> = [];
  for (let i = 0; i < plan.tenants; i++) {
    tenants.push({ id: randomUUID(), apiKey: `tbk_bench${i}_${randomUUID().replace(/-/g, '')}`, customers: [], orders: [] });
  }
  await db.query(
    `insert into tenants (id, name, slug) select id, 'Bench ' || n, 'bench-' || n from unnest($1::uuid[]) with ordinality as u(id, n)`,
    [tenants.map((t) => t.id)],
  );
  await db.query(
    `insert into api_keys (admin_id, tenant_id, name, scope, prefix, key_hash)
     select $1, t, 'bench', 'tenant', left(k, 12), h from unnest($2::uuid[], $3::text[], $4::text[]) as u(t, k, h)`,
    [admin!.id, tenants.map((t) => t.id), tenants.map((t) => t.apiKey), tenants.map((t) => hashSecret(t.apiKey))],
  );
  const customerEntity = new Map<string, string>();
  const orderEntity = new Map<string, string>();
  for (const t of tenants) {
    const c = randomUUID();
    const o = randomUUID();
    customerEntity.set(t.id, c);
    orderEntity.set(t.id, o);
    entityRows.push([t.id, c, 'customers', JSON.stringify(CUSTOMERS_DEF)], [t.id, o, 'orders', JSON.stringify(ORDERS_DEF)]);
  }
  await db.query(
    `insert into entities (tenant_id, id, name, published_version) select t, e, n, 1 from unnest($1::uuid[], $2::uuid[], $3::text[]) as u(t, e, n)`,
    [entityRows.map((r) => r[0]), entityRows.map((r) => r[1]), entityRows.map((r) => r[2])],
  );
  await db.query(
    `insert into entity_versions (tenant_id, entity_id, version, status, definition, published_at)
     select t, e, 1, 'published', d::jsonb, now() from unnest($1::uuid[], $2::uuid[], $3::text[]) as u(t, e, d)`,
    [entityRows.map((r) => r[0]), entityRows.map((r) => r[1]), entityRows.map((r) => r[3])],
  );

  type Row = [string, string, string, string, string, string];
  let batch: Row[] = [];
  let written = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db.query(
      `insert into records (tenant_id, id, entity_id, name, data, search_text, created_at)
       select t, i, e, n, d::jsonb, tb_search_norm(s), now() - (random() * interval '365 days')
         from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[]) as u(t, i, e, n, d, s)`,
      [0, 1, 2, 3, 4, 5].map((k) => rows.map((r) => r[k])),
    );
    written += rows.length;
  };
  for (let i = 0; i < tenants.length; i++) {
    const t = tenants[i]!;
    const customers = Math.max(1, Math.round(sizes[i]! * 0.2));
    for (let c = 0; c < customers; c++) {
      const id = randomUUID();
      const name = `${pick(['Ana', 'José', 'Zoë', 'Luis', 'Mía', 'Tom', 'Eva', 'Iñaki'])} ${pick(['García', 'Núñez', 'Smith', 'Öberg', 'López'])}`;
      const city = pick(['Málaga', 'Bogotá', 'Zürich', 'Lyon', 'Porto']);
      t.customers.push(id);
      batch.push([t.id, id, customerEntity.get(t.id)!, name, JSON.stringify({ name, city }), `${name} \n ${city}`]);
    }
    for (let o = customers; o < sizes[i]!; o++) {
      const id = randomUUID();
      const data = { title: title(), status: pick(STATUSES), amount: Math.round(random() * 100000) / 100, customer: pick(t.customers) };
      t.orders.push(id);
      batch.push([t.id, id, orderEntity.get(t.id)!, data.title, JSON.stringify(data), `${data.title} \n ${data.status}`]);
    }
    if (batch.length >= 5000) {
      await flush();
      if (written % 20000 < 5000) log(`  seeded ${written} records`);
    }
  }
  await flush();
  // Like pgbench before its runs: vacuumed and analysed, so that autovacuum of the fresh rows does
  // not compete with the first workloads.
  await db.exec('vacuum analyze');
  log(
    `  seeded ${plan.tenants} tenants, ${written} records in ${((Date.now() - started) / 1000).toFixed(1)} s (largest tenant ${sizes[0]})`,
  );
  return tenants;
}

/** The single-large-entity shape: one tenant, one entity `productos` holding every record. */
export interface LargeSeed {
  tenant: { id: string; apiKey: string };
  entityId: string;
  /** Record ids the reads draw from (a sample; refreshed as the entity grows). */
  ids: string[];
  /** Records in the entity now. */
  records: number;
}

export const CATEGORIAS = Array.from({ length: 20 }, (_, i) => `cat${String(i).padStart(2, '0')}`);
export const LARGE_ENTITY = 'productos';

const PRODUCTOS_DEF = {
  displayName: 'Productos',
  description: '',
  icon: 'box',
  config: { displayField: 'titulo' },
  fields: [
    { name: 'Título', fieldKey: 'titulo', fieldType: 'text', isRequired: true, isUnique: false, description: '', config: {} },
    {
      name: 'Categoría',
      fieldKey: 'categoria',
      fieldType: 'select',
      isRequired: false,
      isUnique: false,
      description: '',
      config: { options: CATEGORIAS },
    },
    { name: 'Precio', fieldKey: 'precio', fieldType: 'number', isRequired: false, isUnique: false, description: '', config: {} },
  ],
};

/** One tenant with an API key and the published `productos` entity, empty. */
export async function seedLargeTenant(db: Database): Promise<LargeSeed> {
  const [admin] = await db.query<{ id: string }>(
    "insert into admins (email, name, password_hash) values ('bench-large@localhost', 'Bench', 'x') returning id",
  );
  const tenant = { id: randomUUID(), apiKey: `tbk_benchlarge_${randomUUID().replace(/-/g, '')}` };
  const entityId = randomUUID();
  await db.query("insert into tenants (id, name, slug) values ($1, 'Bench Large', 'bench-large')", [tenant.id]);
  await db.query(
    `insert into api_keys (admin_id, tenant_id, name, scope, prefix, key_hash) values ($1, $2, 'bench', 'tenant', left($3, 12), $4)`,
    [admin!.id, tenant.id, tenant.apiKey, hashSecret(tenant.apiKey)],
  );
  await db.query(`insert into entities (tenant_id, id, name, published_version) values ($1, $2, $3, 1)`, [
    tenant.id,
    entityId,
    LARGE_ENTITY,
  ]);
  await db.query(
    `insert into entity_versions (tenant_id, entity_id, version, status, definition, published_at)
     values ($1, $2, 1, 'published', $3::text::jsonb, now())`,
    [tenant.id, entityId, JSON.stringify(PRODUCTOS_DEF)],
  );
  return { tenant, entityId, ids: [], records: 0 };
}

/**
 * Grows the entity to `target` records, generated in SQL by chunks of 100,000 (one INSERT … SELECT
 * from generate_series each: a million rows in well under a minute), then vacuums and analyses
 * it and draws a fresh sample of ids. Records get distinct creation times a second apart.
 */
export async function growLargeEntity(db: Database, seed: LargeSeed, target: number, log: (s: string) => void): Promise<void> {
  const started = Date.now();
  // Creates of the workloads (W6) added records since the last step: count from the entity's counters.
  const [now] = await db.query<{ n: string }>(
    'select coalesce(sum(n), 0)::text as n from record_counts where tenant_id = $1 and entity_id = $2',
    [seed.tenant.id, seed.entityId],
  );
  seed.records = Number(now!.n);
  const from = seed.records;
  for (let first = from + 1; first <= target; first += 100_000) {
    const last = Math.min(target, first + 99_999);
    await db.query(
      `insert into records (tenant_id, entity_id, name, data, search_text, created_at, updated_at)
       select $1, $2, 'producto ' || g, jsonb_build_object('titulo', 'producto ' || g, 'categoria', ($5::text[])[1 + (g * 7919) % 20],
              'precio', round((((g * 104729) % 100000) / 100.0)::numeric, 2)),
              tb_search_norm('producto ' || g), t, t
         from generate_series($3::bigint, $4::bigint) g, lateral (select timestamptz '2025-01-01' + g * interval '1 second' as t) c`,
      [seed.tenant.id, seed.entityId, first, last, CATEGORIAS],
    );
    seed.records = last;
    if (last - from >= 200_000) log(`  seeded ${last} records`);
  }
  await db.exec('vacuum analyze records');
  const sample = await db.query<{ id: string }>(
    'select id from records tablesample system (1) where tenant_id = $1 and entity_id = $2 limit 5000',
    [seed.tenant.id, seed.entityId],
  );
  seed.ids = sample.length ? sample.map((r) => r.id) : seed.ids;
  if (seed.ids.length === 0) {
    seed.ids = (await db.query<{ id: string }>('select id from records where tenant_id = $1 limit 5000', [seed.tenant.id])).map(
      (r) => r.id,
    );
  }
  log(`  large entity at ${seed.records} records (+${target - from} in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
