-- Index entries with typed key columns whose comparison operators are LEAKPROOF (text, float8), in
-- place of 017's jsonb keys: under row-level security the planner may use an index condition only
-- when its operator is leakproof, and jsonb's are not — 017's btree was never used by a tenant's
-- list. Each key position is a pair: `t` (text, by the database collation) and `f` (float8:
-- numbers, booleans 0/1, dates as epoch milliseconds, a date-only value half a millisecond before
-- its midnight). The position's kind fixes the other column (t = '' or f = 0), so an equality on
-- it keeps the btree's order usable. An empty value is t = '' for text and f = 'NaN' for the
-- others (NaN sorts after every number and equals itself in PostgreSQL): lists read it as its own
-- segment, last in both orders. Entries are derived: the table is made anew and every index is
-- rebuilt (state building; the builder runs when the entity is listed or published again).
drop trigger if exists records_index_entries on records;
drop table record_index_entries;

create table record_index_entries (
  tenant_id uuid not null,
  record_id uuid not null,
  index_name text not null,
  entity_id uuid not null,
  k1t text not null default '',
  k1f float8 not null default 0,
  k2t text not null default '',
  k2f float8 not null default 0,
  k3t text not null default '',
  k3f float8 not null default 0,
  primary key (tenant_id, record_id, index_name)
);
create index record_index_entries_order_idx
  on record_index_entries (tenant_id, entity_id, index_name, k1t, k1f, k2t, k2f, k3t, k3f, record_id);

-- The text half of a key: the value's first 300 characters for text kinds ('' when empty or another kind).
create or replace function tb_index_text(data jsonb, field text, kind text) returns text
  language sql immutable parallel safe
  as $$
    select case when field is null or kind in ('number', 'boolean', 'date') then ''
                else coalesce(left(nullif(data ->> field, ''), 300), '') end
  $$;

-- The number half of a key: numbers, booleans (0/1) and dates (tb_index_date_key); NaN when empty; 0 for text kinds.
create or replace function tb_index_number(data jsonb, field text, kind text) returns float8
  language sql immutable parallel safe
  as $$
    select case
      when field is null or kind is null or kind not in ('number', 'boolean', 'date') then 0::float8
      else coalesce(
        case kind
          when 'number' then case when jsonb_typeof(data -> field) = 'number' then (data ->> field)::float8 end
          when 'boolean' then case when jsonb_typeof(data -> field) = 'boolean' then case when (data -> field)::boolean then 1 else 0 end end
          else tb_index_date_key(nullif(data ->> field, ''))::float8
        end,
        'NaN'::float8)
    end
  $$;

create or replace function tb_records_index_entries() returns trigger
  language plpgsql
  as $$
  begin
    insert into record_index_entries as e (tenant_id, record_id, index_name, entity_id, k1t, k1f, k2t, k2f, k3t, k3f)
    select new.tenant_id, new.id, i.name, new.entity_id,
           tb_index_text(new.data, i.fields[1], i.kinds[1]), tb_index_number(new.data, i.fields[1], i.kinds[1]),
           tb_index_text(new.data, i.fields[2], i.kinds[2]), tb_index_number(new.data, i.fields[2], i.kinds[2]),
           tb_index_text(new.data, i.fields[3], i.kinds[3]), tb_index_number(new.data, i.fields[3], i.kinds[3])
      from entity_indexes i
     where i.tenant_id = new.tenant_id and i.entity_id = new.entity_id
    on conflict (tenant_id, record_id, index_name) do update
      set k1t = excluded.k1t, k1f = excluded.k1f, k2t = excluded.k2t, k2f = excluded.k2f, k3t = excluded.k3t, k3f = excluded.k3f
      where (e.k1t, e.k1f, e.k2t, e.k2f, e.k3t, e.k3f) is distinct from
            (excluded.k1t, excluded.k1f, excluded.k2t, excluded.k2f, excluded.k3t, excluded.k3f);
    return null;
  end
  $$;

alter table record_index_entries enable row level security;
alter table record_index_entries force row level security;
create policy tenant_isolation on record_index_entries
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on record_index_entries to tenantbase_app;
grant execute on function tb_index_text(jsonb, text, text), tb_index_number(jsonb, text, text) to tenantbase_app;

-- The entries went with the old table: every index is built again.
update entity_indexes set state = 'building', build_after = null, updated_at = now();

do $$
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;
  perform create_distributed_table('record_index_entries', 'tenant_id', colocate_with => 'entities');
  perform set_config('citus.enable_unsafe_triggers', 'on', true);
end $$;

alter table record_index_entries add foreign key (tenant_id, record_id) references records (tenant_id, id) on delete cascade;

create trigger records_index_entries after insert or update of data on records
  for each row execute function tb_records_index_entries();
