import type { TenantTx } from '../../db/with-tenant.js';
import { AppError } from '../../errors.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import type { EmbeddingsClient } from './embeddings.js';
import { RECORD_COLUMNS } from './record.repository.js';
import type { RecordView } from './record.types.js';

export type ScoredRecord = RecordView & { similarity: number };

export interface SemanticQuery {
  q: string;
  limit: number;
  minSimilarity: number;
}

/**
 * Built-in method (no embeddings configured): pg_trgm word similarity between the query and the
 * record's text-like values, both lowercased and unaccented. It is lexical: it ranks records that
 * share character trigrams with the query (typos and word fragments match), not records that
 * mean the same in other words. Index-backed by the trigram GIN index (tenant_id, search_text).
 */
export async function trigramSearch(tx: TenantTx, entity: PublishedEntity, query: SemanticQuery): Promise<ScoredRecord[]> {
  await tx.query("select set_config('pg_trgm.word_similarity_threshold', $1, true)", [String(query.minSimilarity)]);
  return tx.query<ScoredRecord>(
    `select ${RECORD_COLUMNS}, word_similarity(q.norm, r.search_text)::float8 as similarity
       from (select tb_search_norm($3) as norm) q, records r
      where r.tenant_id = $1 and r.entity_id = $2 and q.norm <% r.search_text
      order by similarity desc, r.id
      limit $4`,
    [tx.tenantId, entity.id, query.q, query.limit],
  );
}

/**
 * With EMBEDDINGS_URL: cosine similarity of unit vectors (stored on every write) computed in SQL
 * over the entity's records of the tenant; an exact scan, since pgvector is not assumed. Records
 * saved while the endpoint was unreachable have no vector and are not returned.
 */
export async function embeddingSearch(
  tx: TenantTx,
  entity: PublishedEntity,
  client: EmbeddingsClient,
  query: SemanticQuery,
): Promise<ScoredRecord[]> {
  const vector = await client.embed(query.q).catch((error: unknown) => {
    throw new AppError(
      'INTERNAL_ERROR',
      `Semantic search could not embed the query: the embeddings endpoint (EMBEDDINGS_URL) failed (${error instanceof Error ? error.message : 'unknown error'})`,
    );
  });
  return tx.query<ScoredRecord>(
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
    [tx.tenantId, entity.id, vector, query.limit, query.minSimilarity],
  );
}
