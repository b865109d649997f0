import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/database.js';
import { hashSecret } from '../src/domain/auth/tokens.js';

/** What the benchmark seeds and what its workloads draw from. */
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
