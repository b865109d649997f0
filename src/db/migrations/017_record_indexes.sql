-- Declared indexes (docs/entities.md, "Indexes"): one shared, typed side table for every tenant,
-- entity and index, in the manner of Salesforce's multitenant index tables and of
-- record_unique_values. No index per entity on `records`: the number of btree indexes and the
-- work of every insert stay the same whatever the number of tenants and of indexes they declare.

-- The indexes of each entity's published version and their build state. A record write's trigger
-- reads this table (not a cache), so a write sees an index from the moment its publish commits.
create table entity_indexes (
  tenant_id uuid not null,
  entity_id uuid not null,
  name text not null,
  -- Field keys in index order and the kind each is indexed as (text, number, date, boolean).
  fields text[] not null check (cardinality(fields) between 1 and 3),
  kinds text[] not null,
  state text not null check (state in ('building', 'ready', 'failed')),
  -- The backfill's resume point: records with a greater id are not backfilled yet.
  build_after uuid,
  build_error text,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, entity_id, name)
);

-- One entry per (record, index): its key values typed as jsonb, whose btree order is the records
-- API's order for one kind (numbers numerically, strings by the database collation, false < true;
-- dates are stored as numbers, see tb_index_key). An empty value is the jsonb `null`, which sorts
-- before every other value: lists read empty values as a separate segment, so they come last in
-- both orders. Unused key positions hold `null` too.
create table record_index_entries (
  tenant_id uuid not null,
  record_id uuid not null,
  index_name text not null,
  entity_id uuid not null,
  k1 jsonb not null,
  k2 jsonb not null default 'null'::jsonb,
  k3 jsonb not null default 'null'::jsonb,
  primary key (tenant_id, record_id, index_name)
);
create index record_index_entries_order_idx on record_index_entries (tenant_id, entity_id, index_name, k1, k2, k3, record_id);

-- The sort key of a date as stored (YYYY-MM-DD, or UTC ISO 8601 with milliseconds): epoch
-- milliseconds, a date-only value half a millisecond before its midnight, so numeric order is the
-- byte order the records API sorts dates in whatever the database collation.
create or replace function tb_index_date_key(value text) returns numeric
  language sql immutable strict parallel safe
  as $$
    select case
      when value ~ '^\d{4}-\d{2}-\d{2}$' then extract(epoch from (value || 'T00:00:00Z')::timestamptz) * 1000 - 0.5
      when value ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$' then extract(epoch from value::timestamptz) * 1000
    end
  $$;

-- One key of an entry: the field's value in `data` as its kind sorts, or jsonb null when empty.
-- Text keeps its first 300 characters (a btree entry is bounded); lists re-check the full value.
create or replace function tb_index_key(data jsonb, field text, kind text) returns jsonb
  language sql immutable parallel safe
  as $$
    select coalesce(
      case kind
        when 'number' then case when jsonb_typeof(data -> field) = 'number' then data -> field end
        when 'boolean' then case when jsonb_typeof(data -> field) = 'boolean' then data -> field end
        when 'date' then to_jsonb(tb_index_date_key(nullif(data ->> field, '')))
        else to_jsonb(left(nullif(data ->> field, ''), 300))
      end,
      'null'::jsonb)
  $$;

-- Every write of records.data keeps the entries of the entity's indexes (building or ready) true
-- in its own transaction, whatever the path: saves, rule-computed values, imports, restores. An
-- insert runs this after its foreign-key check on entities, which waits for a publish holding the
-- entity row, so it sees every index that publish declared.
create or replace function tb_records_index_entries() returns trigger
  language plpgsql
  as $$
  begin
    insert into record_index_entries as e (tenant_id, record_id, index_name, entity_id, k1, k2, k3)
    select new.tenant_id, new.id, i.name, new.entity_id,
           tb_index_key(new.data, i.fields[1], i.kinds[1]),
           tb_index_key(new.data, i.fields[2], i.kinds[2]),
           tb_index_key(new.data, i.fields[3], i.kinds[3])
      from entity_indexes i
     where i.tenant_id = new.tenant_id and i.entity_id = new.entity_id
    on conflict (tenant_id, record_id, index_name) do update
      set k1 = excluded.k1, k2 = excluded.k2, k3 = excluded.k3
      where (e.k1, e.k2, e.k3) is distinct from (excluded.k1, excluded.k2, excluded.k3);
    return null;
  end
  $$;

alter table entity_indexes enable row level security;
alter table entity_indexes force row level security;
create policy tenant_isolation on entity_indexes
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table record_index_entries enable row level security;
alter table record_index_entries force row level security;
create policy tenant_isolation on record_index_entries
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on entity_indexes, record_index_entries to tenantbase_app;
grant execute on function tb_index_date_key(text), tb_index_key(jsonb, text, text), tb_records_index_entries() to tenantbase_app;

-- Citus: distributed by tenant_id beside entities (see 011_citus_distribution.sql); nothing elsewhere.
-- Citus creates triggers on distributed tables only with citus.enable_unsafe_triggers: this one
-- writes only the colocated shard of the same tenant (docs/scaling.md).
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;
  perform create_distributed_table('entity_indexes', 'tenant_id', colocate_with => 'entities');
  perform create_distributed_table('record_index_entries', 'tenant_id', colocate_with => 'entities');
  perform set_config('citus.enable_unsafe_triggers', 'on', true);
end $$;

-- After distribution (Citus refuses a plain table referencing a distributed one).
alter table entity_indexes add foreign key (tenant_id, entity_id) references entities (tenant_id, id) on delete cascade;
alter table record_index_entries add foreign key (tenant_id, record_id) references records (tenant_id, id) on delete cascade;

create trigger records_index_entries after insert or update of data on records
  for each row execute function tb_records_index_entries();
