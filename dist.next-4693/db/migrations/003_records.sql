-- Records of published entities: one shared table for every tenant and entity, field values in
-- JSONB (no table or index per tenant). Uniqueness of field values goes through one shared side
-- table with one unique index. Every index leads with tenant_id.
create extension if not exists unaccent;
create extension if not exists pg_trgm;
-- Multi-column GIN indexes that lead with tenant_id need btree operator classes for uuid.
create extension if not exists btree_gin;

-- unaccent() is only STABLE (its dictionary could change); this wrapper pins the dictionary so
-- expression and trigram indexes may use it. Lowercased too: the one normal form of search.
create or replace function tb_search_norm(value text) returns text
  language sql immutable strict parallel safe
  as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

create table records (
  tenant_id uuid not null,
  id uuid not null default gen_random_uuid(),
  entity_id uuid not null,
  name text not null default '',
  data jsonb not null default '{}'::jsonb,
  -- tb_search_norm() of the text-like field values (text, textarea, email, select), kept on write.
  search_text text not null default '',
  -- Unit-length embedding from EMBEDDINGS_URL, when configured; null otherwise.
  embedding real[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, entity_id) references entities (tenant_id, id) on delete cascade
);

-- Default list order and every list bounded to one entity of one tenant.
create index records_entity_created_idx on records (tenant_id, entity_id, created_at, id);
create index records_entity_updated_idx on records (tenant_id, entity_id, updated_at, id);
-- Equality / in filters: data @> '{"key": value}'.
create index records_data_idx on records using gin (tenant_id, data jsonb_path_ops);
-- search= and semantic (trigram) search over the normalised text.
create index records_search_idx on records using gin (tenant_id, search_text gin_trgm_ops);

-- entity_id functionally depends on tenant_id: without this the planner multiplies their
-- selectivities and underestimates a large tenant's entity by ~10×, and then never picks the
-- GIN indexes over the btree.
create statistics records_tenant_entity_stats (dependencies, ndistinct) on tenant_id, entity_id from records;

create table record_unique_values (
  tenant_id uuid not null,
  entity_id uuid not null,
  field_key text not null,
  value text not null,
  record_id uuid not null,
  constraint record_unique_values_key primary key (tenant_id, entity_id, field_key, value),
  foreign key (tenant_id, record_id) references records (tenant_id, id) on delete cascade
);
create index record_unique_values_record_idx on record_unique_values (tenant_id, record_id);

alter table records enable row level security;
alter table records force row level security;
create policy tenant_isolation on records
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table record_unique_values enable row level security;
alter table record_unique_values force row level security;
create policy tenant_isolation on record_unique_values
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on records, record_unique_values to tenantbase_app;
grant execute on function tb_search_norm(text) to tenantbase_app;
