-- How many records each entity of each tenant holds, so a list's unfiltered `total` is read in
-- O(1) instead of counting the entity (docs/records.md, "Totals"). Each (tenant, entity) has up to
-- RECORD_COUNT_SLOTS rows ("slots"); a write adds to one slot picked at random, so concurrent
-- creates in one entity rarely wait on the same row, and a read sums the slots. Triggers on
-- `records` keep it true for every write path (creates, deletes, imports, restores, prebuild
-- installs, entity deletes): nothing in the service writes this table itself.
create table record_counts (
  tenant_id uuid not null,
  entity_id uuid not null,
  slot smallint not null,
  n bigint not null,
  primary key (tenant_id, entity_id, slot)
);

-- Citus: distributed by tenant_id beside the other tenant tables (see 011_citus_distribution.sql),
-- before its foreign key is added (Citus wants it added to the distributed table).
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;
  perform create_distributed_table('record_counts', 'tenant_id', colocate_with => 'entities');
end $$;

-- An entity's (or tenant's) deletion removes its counts.
alter table record_counts add constraint record_counts_entity_fkey
  foreign key (tenant_id, entity_id) references entities (tenant_id, id) on delete cascade;

alter table record_counts enable row level security;
alter table record_counts force row level security;
create policy tenant_isolation on record_counts
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update on record_counts to tenantbase_app;

-- Inserted records: one upsert per (tenant, entity) of the statement, into a random slot of 16.
create or replace function tb_count_inserted_records() returns trigger
  language plpgsql as $$
begin
  insert into record_counts as c (tenant_id, entity_id, slot, n)
  select i.tenant_id, i.entity_id, floor(random() * 16)::smallint, count(*)
    from inserted_records i group by i.tenant_id, i.entity_id
  on conflict (tenant_id, entity_id, slot) do update set n = c.n + excluded.n;
  return null;
end $$;

-- Deleted records: subtract from one existing slot (a slot may go negative; the sum stays exact).
-- Only rows of the transaction's tenant: a delete without a tenant (a tenant deleted by an
-- administrator, its entities cascading) leaves the counts to the entities' own cascade. An UPDATE,
-- never an INSERT, so a count row of an entity being deleted in the same statement is never re-created.
create or replace function tb_count_deleted_records() returns trigger
  language plpgsql as $$
declare
  d record;
  picked smallint;
begin
  for d in
    select o.tenant_id, o.entity_id, count(*) as n from deleted_records o
     where o.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
     group by o.tenant_id, o.entity_id
  loop
    select c.slot into picked from record_counts c
     where c.tenant_id = d.tenant_id and c.entity_id = d.entity_id order by random() limit 1;
    if found then
      update record_counts c set n = c.n - d.n
       where c.tenant_id = d.tenant_id and c.entity_id = d.entity_id and c.slot = picked;
    end if;
  end loop;
  return null;
end $$;

-- Citus refuses triggers on distributed tables unless told they are safe: these touch only the
-- colocated record_counts rows of the same tenant.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform set_config('citus.enable_unsafe_triggers', 'on', false);
  end if;
end $$;

create trigger records_count_inserts after insert on records
  referencing new table as inserted_records for each statement execute function tb_count_inserted_records();
create trigger records_count_deletes after delete on records
  referencing old table as deleted_records for each statement execute function tb_count_deleted_records();

grant execute on function tb_count_inserted_records(), tb_count_deleted_records() to tenantbase_app;

-- Backfill: the records already there, in slot 0.
insert into record_counts (tenant_id, entity_id, slot, n)
select tenant_id, entity_id, 0, count(*) from records group by tenant_id, entity_id;
