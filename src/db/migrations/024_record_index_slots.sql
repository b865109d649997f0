-- Declared indexes keep their keys in the records' own rows (docs/entities.md, "Indexes").
-- Until 023 every (record, index) pair was a row of the shared side table record_index_entries: a
-- create in an entity with two indexes wrote two more heap rows, four more btree entries and two
-- foreign-key checks, and its p50 stayed 17-22% above the same create with no index (bench/RESULTS.md,
-- "Index slots"). Now each entity has 8 index slots: slot N of a record is six nullable columns
-- (ixN_k1t, ixN_k1f, ... ixN_k3f: the text and float8 halves of each key position, as before), and
-- one partial btree per slot on records, (tenant_id, entity_id, keys..., id) where ixN_k1t is not
-- null, serves the slot N of every entity of every tenant. The number of btree indexes and the
-- predicates an insert checks stay 8 whatever the number of tenants and of indexes they declare;
-- a record of an entity without indexes has every slot null and enters none of them. An index takes
-- the lowest slot free in its entity when its version is published (entity_indexes.slot).

-- Rewriting entity_indexes as the owner: lift FORCE row-level security for it (restored below).
alter table entity_indexes no force row level security;

alter table entity_indexes add column slot smallint check (slot between 1 and 8);
with numbered as (
  select tenant_id, entity_id, name, row_number() over (partition by tenant_id, entity_id order by name) as n
    from entity_indexes)
update entity_indexes i set slot = n.n
  from numbered n
 where n.tenant_id = i.tenant_id and n.entity_id = i.entity_id and n.name = i.name and n.n <= 8;
-- More than 8 built indexes in one entity (declared ones and relation fields' own): the rest go;
-- the entity's next publish builds the ones its definition wants, within the slots.
delete from entity_indexes where slot is null;
alter table entity_indexes alter column slot set not null;
alter table entity_indexes add constraint entity_indexes_slot_key unique (tenant_id, entity_id, slot);
-- Every index is built again, into its slot (the builder backfills it; lists take the unindexed
-- path until it is ready, as after 018).
update entity_indexes set state = 'building', build_after = null, build_error = null, updated_at = now();

alter table entity_indexes force row level security;

drop trigger records_index_entries_inserts on records;
drop trigger records_index_entries on records;
drop function tb_records_index_entries_inserted();
drop function tb_records_index_entries();
drop table record_index_entries;

alter table records
  add column ix1_k1t text, add column ix1_k1f float8, add column ix1_k2t text, add column ix1_k2f float8, add column ix1_k3t text, add column ix1_k3f float8,
  add column ix2_k1t text, add column ix2_k1f float8, add column ix2_k2t text, add column ix2_k2f float8, add column ix2_k3t text, add column ix2_k3f float8,
  add column ix3_k1t text, add column ix3_k1f float8, add column ix3_k2t text, add column ix3_k2f float8, add column ix3_k3t text, add column ix3_k3f float8,
  add column ix4_k1t text, add column ix4_k1f float8, add column ix4_k2t text, add column ix4_k2f float8, add column ix4_k3t text, add column ix4_k3f float8,
  add column ix5_k1t text, add column ix5_k1f float8, add column ix5_k2t text, add column ix5_k2f float8, add column ix5_k3t text, add column ix5_k3f float8,
  add column ix6_k1t text, add column ix6_k1f float8, add column ix6_k2t text, add column ix6_k2f float8, add column ix6_k3t text, add column ix6_k3f float8,
  add column ix7_k1t text, add column ix7_k1f float8, add column ix7_k2t text, add column ix7_k2f float8, add column ix7_k3t text, add column ix7_k3f float8,
  add column ix8_k1t text, add column ix8_k1f float8, add column ix8_k2t text, add column ix8_k2f float8, add column ix8_k3t text, add column ix8_k3f float8;

create index records_index_slot_1_idx on records (tenant_id, entity_id, ix1_k1t, ix1_k1f, ix1_k2t, ix1_k2f, ix1_k3t, ix1_k3f, id) where ix1_k1t is not null;
create index records_index_slot_2_idx on records (tenant_id, entity_id, ix2_k1t, ix2_k1f, ix2_k2t, ix2_k2f, ix2_k3t, ix2_k3f, id) where ix2_k1t is not null;
create index records_index_slot_3_idx on records (tenant_id, entity_id, ix3_k1t, ix3_k1f, ix3_k2t, ix3_k2f, ix3_k3t, ix3_k3f, id) where ix3_k1t is not null;
create index records_index_slot_4_idx on records (tenant_id, entity_id, ix4_k1t, ix4_k1f, ix4_k2t, ix4_k2f, ix4_k3t, ix4_k3f, id) where ix4_k1t is not null;
create index records_index_slot_5_idx on records (tenant_id, entity_id, ix5_k1t, ix5_k1f, ix5_k2t, ix5_k2f, ix5_k3t, ix5_k3f, id) where ix5_k1t is not null;
create index records_index_slot_6_idx on records (tenant_id, entity_id, ix6_k1t, ix6_k1f, ix6_k2t, ix6_k2f, ix6_k3t, ix6_k3f, id) where ix6_k1t is not null;
create index records_index_slot_7_idx on records (tenant_id, entity_id, ix7_k1t, ix7_k1f, ix7_k2t, ix7_k2f, ix7_k3t, ix7_k3f, id) where ix7_k1t is not null;
create index records_index_slot_8_idx on records (tenant_id, entity_id, ix8_k1t, ix8_k1f, ix8_k2t, ix8_k2f, ix8_k3t, ix8_k3f, id) where ix8_k1t is not null;

-- The keys of a record's slots, computed from its data as it is written (insert, or update of
-- data), whatever the path: saves, rule-computed values, imports, restores, prebuild installs. A
-- slot whose index was dropped keeps its keys until the record is next written, which clears them
-- (lists never read them: a new index in that slot is built over every record before it serves a
-- list).
-- An insert first takes the lock its foreign-key check on entities takes anyway (after this
-- trigger, too late): it waits for a publish holding the entity row, and a publish that comes
-- later waits for it, so what the trigger reads next (a new snapshot) holds every index a publish
-- declared before the insert, and a publish's backfill sees every record inserted before it. An
-- update needs no such lock: its row lock orders it with a backfill's update of the same row.
-- A create of the service carries its keys and claims which indexes they are for (the
-- transaction-local setting app.index_keys, `entity/slot:identity,…` in slot order, set by its
-- statement before the row is formed; src/domain/records/index-keys.ts): when the claim is the
-- entity's indexes as they are now, the keys stand and nothing is computed. The trigger clears the
-- claim whatever it finds, so no later insert of the transaction inherits it.
-- Otherwise the keys are tb_index_text and tb_index_number (018, 021) written out: called from
-- PL/pgSQL those SQL functions are not inlined, and each call ran its body as a query of its own.
-- The backfill, a planned statement, calls the functions themselves;
-- test/entities/index-slots.test.ts checks that the three agree (bench/RESULTS.md, "Index slots",
-- has the costs).
create function tb_records_index_keys() returns trigger
  language plpgsql
  as $$
  declare
    i record;
    p int;
    field text;
    kind text;
    kt text;
    kf float8;
    claim text;
    used int := 0;
  begin
    if tg_op = 'INSERT' then
      perform from entities where tenant_id = new.tenant_id and id = new.entity_id for key share;
      claim := current_setting('app.index_keys', true);
      if claim <> '' then
        perform set_config('app.index_keys', '', true);
        if claim = new.entity_id::text || '/' || (
             select coalesce(string_agg(slot || ':' || id, ',' order by slot), '')
               from entity_indexes where tenant_id = new.tenant_id and entity_id = new.entity_id) then
          return new;
        end if;
      end if;
    end if;
    for i in select slot, fields, kinds from entity_indexes
              where tenant_id = new.tenant_id and entity_id = new.entity_id loop
      used := used | (1 << i.slot);
      for p in 1 .. 3 loop
        field := i.fields[p];
        kind := i.kinds[p];
        if field is null then
          kt := ''; kf := 0;
        elsif kind = 'number' then
          kt := '';
          kf := case when jsonb_typeof(new.data -> field) = 'number' then (new.data ->> field)::float8 else 'NaN'::float8 end;
        elsif kind = 'boolean' then
          kt := '';
          kf := case when jsonb_typeof(new.data -> field) = 'boolean'
                     then case when (new.data -> field)::boolean then 1 else 0 end else 'NaN'::float8 end;
        elsif kind = 'date' then
          kt := '';
          kf := coalesce(tb_index_date_key(nullif(new.data ->> field, ''))::float8, 'NaN'::float8);
        else
          kt := coalesce(left(nullif(new.data ->> field, ''), 300), ''); kf := 0;
        end if;
        case i.slot * 4 + p
        when 5 then new.ix1_k1t := kt; new.ix1_k1f := kf;
        when 6 then new.ix1_k2t := kt; new.ix1_k2f := kf;
        when 7 then new.ix1_k3t := kt; new.ix1_k3f := kf;
        when 9 then new.ix2_k1t := kt; new.ix2_k1f := kf;
        when 10 then new.ix2_k2t := kt; new.ix2_k2f := kf;
        when 11 then new.ix2_k3t := kt; new.ix2_k3f := kf;
        when 13 then new.ix3_k1t := kt; new.ix3_k1f := kf;
        when 14 then new.ix3_k2t := kt; new.ix3_k2f := kf;
        when 15 then new.ix3_k3t := kt; new.ix3_k3f := kf;
        when 17 then new.ix4_k1t := kt; new.ix4_k1f := kf;
        when 18 then new.ix4_k2t := kt; new.ix4_k2f := kf;
        when 19 then new.ix4_k3t := kt; new.ix4_k3f := kf;
        when 21 then new.ix5_k1t := kt; new.ix5_k1f := kf;
        when 22 then new.ix5_k2t := kt; new.ix5_k2f := kf;
        when 23 then new.ix5_k3t := kt; new.ix5_k3f := kf;
        when 25 then new.ix6_k1t := kt; new.ix6_k1f := kf;
        when 26 then new.ix6_k2t := kt; new.ix6_k2f := kf;
        when 27 then new.ix6_k3t := kt; new.ix6_k3f := kf;
        when 29 then new.ix7_k1t := kt; new.ix7_k1f := kf;
        when 30 then new.ix7_k2t := kt; new.ix7_k2f := kf;
        when 31 then new.ix7_k3t := kt; new.ix7_k3f := kf;
        when 33 then new.ix8_k1t := kt; new.ix8_k1f := kf;
        when 34 then new.ix8_k2t := kt; new.ix8_k2f := kf;
        when 35 then new.ix8_k3t := kt; new.ix8_k3f := kf;
        end case;
      end loop;
    end loop;
    -- A slot no index uses any more (its index dropped): its keys go with this write.
    if new.ix1_k1t is not null and used & 2 = 0 then
      new.ix1_k1t := null; new.ix1_k1f := null; new.ix1_k2t := null; new.ix1_k2f := null; new.ix1_k3t := null; new.ix1_k3f := null;
    end if;
    if new.ix2_k1t is not null and used & 4 = 0 then
      new.ix2_k1t := null; new.ix2_k1f := null; new.ix2_k2t := null; new.ix2_k2f := null; new.ix2_k3t := null; new.ix2_k3f := null;
    end if;
    if new.ix3_k1t is not null and used & 8 = 0 then
      new.ix3_k1t := null; new.ix3_k1f := null; new.ix3_k2t := null; new.ix3_k2f := null; new.ix3_k3t := null; new.ix3_k3f := null;
    end if;
    if new.ix4_k1t is not null and used & 16 = 0 then
      new.ix4_k1t := null; new.ix4_k1f := null; new.ix4_k2t := null; new.ix4_k2f := null; new.ix4_k3t := null; new.ix4_k3f := null;
    end if;
    if new.ix5_k1t is not null and used & 32 = 0 then
      new.ix5_k1t := null; new.ix5_k1f := null; new.ix5_k2t := null; new.ix5_k2f := null; new.ix5_k3t := null; new.ix5_k3f := null;
    end if;
    if new.ix6_k1t is not null and used & 64 = 0 then
      new.ix6_k1t := null; new.ix6_k1f := null; new.ix6_k2t := null; new.ix6_k2f := null; new.ix6_k3t := null; new.ix6_k3f := null;
    end if;
    if new.ix7_k1t is not null and used & 128 = 0 then
      new.ix7_k1t := null; new.ix7_k1f := null; new.ix7_k2t := null; new.ix7_k2f := null; new.ix7_k3t := null; new.ix7_k3f := null;
    end if;
    if new.ix8_k1t is not null and used & 256 = 0 then
      new.ix8_k1t := null; new.ix8_k1f := null; new.ix8_k2t := null; new.ix8_k2f := null; new.ix8_k3t := null; new.ix8_k3f := null;
    end if;
    return new;
  end
  $$;

-- An index inserted without a slot takes the lowest one free in its entity: rows of
-- entity_indexes restored from a backup made before this migration (docs/backup.md). With no slot
-- left the row is not inserted; the entity's next publish builds the indexes its definition wants.
create function tb_entity_indexes_slot() returns trigger
  language plpgsql
  as $$
  begin
    if new.slot is null then
      select min(s) into new.slot from generate_series(1, 8) s
       where not exists (select 1 from entity_indexes i
                          where i.tenant_id = new.tenant_id and i.entity_id = new.entity_id and i.slot = s);
      if new.slot is null then
        return null;
      end if;
    end if;
    return new;
  end
  $$;

grant execute on function tb_records_index_keys(), tb_entity_indexes_slot() to tenantbase_app;

-- Citus: a BEFORE trigger that sets the row's own columns and reads the colocated entity_indexes
-- shard of the same tenant (docs/scaling.md).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform set_config('citus.enable_unsafe_triggers', 'on', true);
  end if;
end $$;

create trigger records_index_keys before insert or update of data on records
  for each row execute function tb_records_index_keys();

create trigger entity_indexes_slot before insert on entity_indexes
  for each row execute function tb_entity_indexes_slot();
