import { AppError } from "../../errors.js";
import { RECORD_COLUMNS } from "./record.repository.js";
async function trigramSearch(tx, entity, query) {
  await tx.query("select set_config('pg_trgm.word_similarity_threshold', $1, true)", [String(query.minSimilarity)]);
  return tx.query(
    `select ${RECORD_COLUMNS}, word_similarity(q.norm, r.search_text)::float8 as similarity
       from (select tb_search_norm($3) as norm) q, records r
      where r.tenant_id = $1 and r.entity_id = $2 and q.norm <% r.search_text
      order by similarity desc, r.id
      limit $4`,
    [tx.tenantId, entity.id, query.q, query.limit]
  );
}
async function embeddingSearch(tx, entity, client, query) {
  const vector = await client.embed(query.q).catch((error) => {
    throw new AppError(
      "INTERNAL_ERROR",
      `Semantic search could not embed the query: the embeddings endpoint (EMBEDDINGS_URL) failed (${error instanceof Error ? error.message : "unknown error"})`
    );
  });
  return tx.query(
    `select * from (
       select ${RECORD_COLUMNS},
              greatest(0, least(1, (select sum(a * b) from unnest(r.embedding, $3::real[]) as u(a, b))))::float8 as similarity
         from records r
        where r.tenant_id = $1 and r.entity_id = $2 and r.embedding is not null
          and cardinality(r.embedding) = cardinality($3::real[])
     ) s
     where s.similarity >= $5
     order by s.similarity desc, s.id
     limit $4`,
    [tx.tenantId, entity.id, vector, query.limit, query.minSimilarity]
  );
}
export {
  embeddingSearch,
  trigramSearch
};
//# sourceMappingURL=semantic-search.js.map
