import { findPublishedEntityCached } from "../../entities/published-entity.cache.js";
import { isTruthy, toRuleValue } from "../dsl/index.js";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
async function entityId(ctx, name) {
  const found = await findPublishedEntityCached(ctx.tx, ctx.entities, name);
  return found && "id" in found ? found.id : null;
}
const containing = (pairs) => JSON.stringify(Object.fromEntries(pairs));
async function lookup(ctx, c, values) {
  const wanted = Object.hasOwn(values, c.matchValue) ? values[c.matchValue] : null;
  if (wanted === null || wanted === void 0 || typeof wanted === "object") return null;
  const id = await entityId(ctx, c.entity);
  if (!id) return null;
  const params = [ctx.tx.tenantId, id];
  let where;
  if (c.matchField === "id") {
    if (typeof wanted !== "string" || !UUID.test(wanted)) return null;
    where = "r.id = $3::uuid";
    params.push(wanted);
  } else {
    where = "r.data @> $3::text::jsonb";
    params.push(containing([[c.matchField, wanted]]));
  }
  let result = "r.id::text";
  if (c.resultField !== "id") {
    params.push(c.resultField);
    result = "r.data -> $4";
  }
  const rows = await ctx.tx.query(
    `select ${result} as v from records r where r.tenant_id = $1 and r.entity_id = $2 and ${where}
      order by r.created_at, r.id limit 1`,
    params
  );
  return rows[0]?.v ?? null;
}
async function aggregate(ctx, c, values) {
  const empty = c.op === "count" || c.op === "sum" ? 0 : null;
  const pairs = c.filter.map(([theirs, ours]) => [theirs, Object.hasOwn(values, ours) ? values[ours] : null]);
  if (pairs.some(([, v2]) => v2 === null || v2 === void 0 || typeof v2 === "object")) return empty;
  const id = await entityId(ctx, c.entity);
  if (!id) return empty;
  const byId = pairs.find(([theirs]) => theirs === "id");
  if (byId && (typeof byId[1] !== "string" || !UUID.test(byId[1]))) return empty;
  const data = pairs.filter(([theirs]) => theirs !== "id");
  const params = [ctx.tx.tenantId, id, byId ? byId[1] : null, containing(data)];
  let op = "count(*)";
  if (c.op !== "count" && c.field !== null) {
    params.push(c.field);
    const number = `case when jsonb_typeof(r.data -> $5) = 'number' then (r.data ->> $5)::float8 end`;
    op = `${c.op}(${number})`;
  }
  const rows = await ctx.tx.query(
    `select (${op})::float8 as v from records r
      where r.tenant_id = $1 and r.entity_id = $2 and ($3::uuid is null or r.id = $3::uuid) and r.data @> $4::text::jsonb`,
    params
  );
  const v = rows[0]?.v;
  if (v === null || v === void 0) return empty;
  const n = Number(v);
  return Number.isFinite(n) ? n : empty;
}
async function evaluateCompute(ctx, compute, values) {
  switch (compute.kind) {
    case "formula":
      return compute.expression.evaluate(values, ctx.env);
    case "conditional": {
      for (const b of compute.branches) if (isTruthy(b.when.evaluate(values, ctx.env))) return b.then.evaluate(values, ctx.env);
      return compute.otherwise ? compute.otherwise.evaluate(values, ctx.env) : null;
    }
    case "lookup":
      return lookup(ctx, compute, values);
    case "aggregate":
      return aggregate(ctx, compute, values);
    default: {
      const never = compute;
      throw new Error(`unknown compute ${JSON.stringify(never)}`);
    }
  }
}
function readsOf(reads, values) {
  const out = {};
  for (const key of reads) out[key] = Object.hasOwn(values, key) ? toRuleValue(values[key]) : null;
  return out;
}
export {
  evaluateCompute,
  readsOf
};
//# sourceMappingURL=evaluate-compute.js.map
