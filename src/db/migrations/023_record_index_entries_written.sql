-- Index entries a create writes itself (docs/entities.md, "Indexes"; issue 22: a create in an entity
-- with two declared indexes within 10% of one with none). Until now the statement trigger of 022
-- inserted every entry, and that insert — a second statement set up inside the first, with the key
-- expressions of three positions — was about a quarter of an indexed create in the database. The
-- service's create statement now carries its entries itself (keys computed from the cached
-- definition, as parameters), and the trigger only completes what a write did not do right: it
-- writes the entries of indexes with no entry of the index's identity and removes entries of
-- indexes that are gone. Every other path (imports, restores, prebuild installs, bulk inserts) is
-- served by the trigger as before.
--
-- An entry carries its index's identity, not only its name: an index dropped and declared again
-- under the same name with other fields while a create runs on a definition read before that
-- publish must not be taken for written. `entity_indexes.id` is new on every declaration (a
-- publish that changes an index's fields drops it and inserts it anew).

-- The owner may not bypass row-level security (forced on both tables): the rewrite below must see
-- every tenant's rows.
alter table entity_indexes no force row level security;
alter table record_index_entries no force row level security;

alter table entity_indexes add column id uuid not null default gen_random_uuid();
alter table record_index_entries add column index_id uuid;
delete from record_index_entries e
 where not exists (select 1 from entity_indexes i
                    where i.tenant_id = e.tenant_id and i.entity_id = e.entity_id and i.name = e.index_name);
update record_index_entries e set index_id = i.id
  from entity_indexes i
 where i.tenant_id = e.tenant_id and i.entity_id = e.entity_id and i.name = e.index_name;
alter table record_index_entries alter column index_id set not null;

alter table entity_indexes force row level security;
alter table record_index_entries force row level security;

-- Inserted records: the entries no write made (or made for another declaration of the index's
-- name), and the entries of an index that is no longer there (a create wrote them from a definition
-- read before the index's drop committed). Like 022, this runs after the statement's foreign-key
-- checks, so an insert has waited for a publish holding its entity row and sees every index it
-- declared and none it dropped.
-- - A first probe, 022's with an anti-join on identity: is an index of an inserted record's entity
--   without an entry of its identity? Always run; for an entity without indexes, or a create whose
--   entries are all written and current, it finds nothing and nothing else is run for it.
-- - Stray entries can only come from a statement that wrote entries itself, which says so in the
--   transaction-local setting `app.index_entries_written` (src/domain/records/index-entries.ts);
--   only then is a second probe, over the inserted records' entries, run (about 4% of such a
--   create), and the setting is cleared for the next statement. The setting is checked in an IF of
--   its own, a plain expression: a condition holding a subquery is a statement whose whole plan is
--   set up each time even when it is not run, and both probes in one SELECT … INTO, or the second
--   behind an AND, cost a create in an entity without indexes 5–9% (pgbench, bench/RESULTS.md).
-- - The delete and the insert run only when a probe finds work.
create or replace function tb_records_index_entries_inserted() returns trigger
  language plpgsql
  as $$
  declare
    missing boolean;
    cleared text;
  begin
    missing := exists (select 1 from inserted_records n
                         join entity_indexes i on i.tenant_id = n.tenant_id and i.entity_id = n.entity_id
                        where not exists (select 1 from record_index_entries e
                                           where e.tenant_id = n.tenant_id and e.record_id = n.id
                                             and e.index_name = i.name and e.index_id = i.id));
    if current_setting('app.index_entries_written', true) = 'on' then
      cleared := set_config('app.index_entries_written', '', true);
      if exists (select 1 from inserted_records n
                   join record_index_entries e on e.tenant_id = n.tenant_id and e.record_id = n.id
                  where not exists (select 1 from entity_indexes i
                                     where i.tenant_id = e.tenant_id and i.entity_id = e.entity_id
                                       and i.name = e.index_name and i.id = e.index_id)) then
        delete from record_index_entries e
         using inserted_records n
         where e.tenant_id = n.tenant_id and e.record_id = n.id
           and not exists (select 1 from entity_indexes i
                            where i.tenant_id = e.tenant_id and i.entity_id = e.entity_id
                              and i.name = e.index_name and i.id = e.index_id);
      end if;
    end if;
    if missing then
      insert into record_index_entries as e (tenant_id, record_id, index_name, index_id, entity_id, k1t, k1f, k2t, k2f, k3t, k3f)
      select n.tenant_id, n.id, i.name, i.id, n.entity_id,
             tb_index_text(n.data, i.fields[1], i.kinds[1]), tb_index_number(n.data, i.fields[1], i.kinds[1]),
             tb_index_text(n.data, i.fields[2], i.kinds[2]), tb_index_number(n.data, i.fields[2], i.kinds[2]),
             tb_index_text(n.data, i.fields[3], i.kinds[3]), tb_index_number(n.data, i.fields[3], i.kinds[3])
        from inserted_records n
        join entity_indexes i on i.tenant_id = n.tenant_id and i.entity_id = n.entity_id
       where not exists (select 1 from record_index_entries x
                          where x.tenant_id = n.tenant_id and x.record_id = n.id
                            and x.index_name = i.name and x.index_id = i.id)
      on conflict (tenant_id, record_id, index_name) do update
        set index_id = excluded.index_id,
            k1t = excluded.k1t, k1f = excluded.k1f, k2t = excluded.k2t, k2f = excluded.k2f, k3t = excluded.k3t, k3f = excluded.k3f;
    end if;
    return null;
  end
  $$;

-- Updated records (018's row trigger): the identity is written beside the keys.
create or replace function tb_records_index_entries() returns trigger
  language plpgsql
  as $$
  begin
    insert into record_index_entries as e (tenant_id, record_id, index_name, index_id, entity_id, k1t, k1f, k2t, k2f, k3t, k3f)
    select new.tenant_id, new.id, i.name, i.id, new.entity_id,
           tb_index_text(new.data, i.fields[1], i.kinds[1]), tb_index_number(new.data, i.fields[1], i.kinds[1]),
           tb_index_text(new.data, i.fields[2], i.kinds[2]), tb_index_number(new.data, i.fields[2], i.kinds[2]),
           tb_index_text(new.data, i.fields[3], i.kinds[3]), tb_index_number(new.data, i.fields[3], i.kinds[3])
      from entity_indexes i
     where i.tenant_id = new.tenant_id and i.entity_id = new.entity_id
    on conflict (tenant_id, record_id, index_name) do update
      set index_id = excluded.index_id,
          k1t = excluded.k1t, k1f = excluded.k1f, k2t = excluded.k2t, k2f = excluded.k2f, k3t = excluded.k3t, k3f = excluded.k3f
      where (e.index_id, e.k1t, e.k1f, e.k2t, e.k2f, e.k3t, e.k3f) is distinct from
            (excluded.index_id, excluded.k1t, excluded.k1f, excluded.k2t, excluded.k2f, excluded.k3t, excluded.k3f);
    return null;
  end
  $$;
