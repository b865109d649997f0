import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import postgres from 'postgres';

/**
 * The bare reference: Fastify + postgres.js answering W1/W2/W3/W6 with the same SQL as the service,
 * without its layers (no operation catalogue, no zod, no transaction, no RLS role switch, no
 * entity definition, no validation). API keys map to tenants from memory, like the service's cache.
 */
const url = process.env.DATABASE_URL!;
const port = Number(process.env.PORT ?? 3999);
const sql = postgres(url, { max: Number(process.env.DATABASE_POOL_MAX ?? 20), onnotice: () => undefined });
const keys = new Map<string, string>();
for (const row of await sql<
  { key_hash: string; tenant_id: string }[]
>`select key_hash, tenant_id from api_keys where tenant_id is not null`) {
  keys.set(row.key_hash, row.tenant_id);
}
const COLUMNS = sql.unsafe('r.id, r.entity_id as "entityId", r.name, r.data, r.created_at as "createdAt", r.updated_at as "updatedAt"');
const app = Fastify({ logger: false });
const tenantOf = (headers: Record<string, unknown>) =>
  keys.get(
    createHash('sha256')
      .update(String(headers['x-api-key'] ?? ''))
      .digest('hex'),
  );

app.get<{ Params: { entity: string; id: string } }>('/api/entities/:entity/records/:id', async (req, reply) => {
  const tenant = tenantOf(req.headers);
  if (!tenant) return reply.code(401).send({ success: false });
  const [row] = await sql`select ${COLUMNS} from records r join entities e on e.tenant_id = r.tenant_id and e.id = r.entity_id
    where r.tenant_id = ${tenant} and e.name = ${req.params.entity} and r.id = ${req.params.id}`;
  return row ? { success: true, data: row } : reply.code(404).send({ success: false });
});

type ListQuery = { page?: string; limit?: string; sort?: string; order?: string; 'filter.categoria'?: string };
// BARE_COUNT=none (the single-large-entity shape): the page alone, no total, as an auto-CRUD server
// answers by default; otherwise (the Zipf shape) an exact count(*) beside the page.
const countTotal = process.env.BARE_COUNT !== 'none';
// The sorts the workloads use, as the expressions the bare server's indexes are built on.
const SORTS: Record<string, string> = { createdAt: 'r.created_at', precio: "((r.data ->> 'precio')::numeric)" };

app.get<{ Params: { entity: string }; Querystring: ListQuery }>('/api/entities/:entity/records', async (req, reply) => {
  const tenant = tenantOf(req.headers);
  if (!tenant) return reply.code(401).send({ success: false });
  const limit = Math.min(100, Number(req.query.limit ?? 20));
  const page = Number(req.query.page ?? 1);
  const [entity] = await sql`select id from entities where tenant_id = ${tenant} and name = ${req.params.entity}`;
  if (!entity) return reply.code(404).send({ success: false });
  const dir = req.query.order === 'desc' ? sql.unsafe('desc') : sql.unsafe('asc');
  const sort = sql.unsafe(SORTS[req.query.sort ?? 'createdAt'] ?? 'r.created_at');
  const categoria = req.query['filter.categoria'];
  const filter = categoria === undefined ? sql`` : sql`and r.data ->> 'categoria' = ${categoria}`;
  if (!countTotal) {
    const data = await sql`select ${COLUMNS} from records r where r.tenant_id = ${tenant} and r.entity_id = ${entity.id} ${filter}
      order by ${sort} ${dir}, r.id ${dir} limit ${limit} offset ${(page - 1) * limit}`;
    return { success: true, data: { data, page, limit } };
  }
  const rows =
    await sql`select c.total, p.* from (select count(*)::int as total from records r where r.tenant_id = ${tenant} and r.entity_id = ${entity.id} ${filter}) c
    left join lateral (select ${COLUMNS} from records r where r.tenant_id = ${tenant} and r.entity_id = ${entity.id} ${filter}
      order by ${sort} ${dir}, r.id ${dir} limit ${limit} offset ${(page - 1) * limit}) p on true`;
  const total = rows[0]?.total ?? 0;
  const data = rows.filter((r) => r.id !== null).map(({ total: _t, ...r }) => r);
  return { success: true, data: { data, total, page, limit, totalPages: Math.ceil(total / limit) } };
});

app.post<{ Params: { entity: string }; Body: Record<string, unknown> }>('/api/entities/:entity/records', async (req, reply) => {
  const tenant = tenantOf(req.headers);
  if (!tenant) return reply.code(401).send({ success: false });
  const body = req.body;
  const name = String(body.title ?? body.titulo ?? '');
  const [row] = await sql`insert into records as r (tenant_id, entity_id, name, data, search_text)
    select ${tenant}, e.id, ${name}, ${JSON.stringify(body)}::text::jsonb, tb_search_norm(${name})
      from entities e where e.tenant_id = ${tenant} and e.name = ${req.params.entity}
    returning ${COLUMNS}`;
  return row ? reply.code(201).send({ success: true, data: row }) : reply.code(404).send({ success: false });
});

await app.listen({ port, host: '127.0.0.1' });
process.stderr.write(`baseline listening on ${port}\n`);
const stop = async () => {
  await app.close();
  await sql.end({ timeout: 2 });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
