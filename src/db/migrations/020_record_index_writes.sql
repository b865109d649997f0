-- Index entries of inserted records written once per statement (docs/entities.md, "Indexes").
-- 018's row trigger ran a plpgsql call per inserted record, looked up the entity's indexes and
-- upserted each entry (a speculative insertion: an entry of a new record can never exist yet).
-- Inserts now go through a statement trigger over the transition table the record counts already
-- capture (016: one capture per statement, shared by both triggers): one plain multi-row insert of
-- every entry of every inserted record, whatever the path — saves, bulk, imports, restores,
-- prebuild installs. It runs after the row-level foreign-key checks of the statement, so as before
-- an insert has waited for a publish holding its entity row and sees every index it declared.
-- Updates keep 018's row trigger (a statement trigger with transition tables cannot be limited to
-- `update of data`), now skipped when `data` did not change.

drop trigger records_index_entries on records;

create or replace function tb_records_index_entries_inserted() returns trigger
  language plpgsql
  as $$
  begin
    insert into record_index_entries (tenant_id, record_id, index_name, entity_id, k1t, k1f, k2t, k2f, k3t, k3f)
    select n.tenant_id, n.id, i.name, n.entity_id,
           tb_index_text(n.data, i.fields[1], i.kinds[1]), tb_index_number(n.data, i.fields[1], i.kinds[1]),
           tb_index_text(n.data, i.fields[2], i.kinds[2]), tb_index_number(n.data, i.fields[2], i.kinds[2]),
           tb_index_text(n.data, i.fields[3], i.kinds[3]), tb_index_number(n.data, i.fields[3], i.kinds[3])
      from inserted_records n
      join entity_indexes i on i.tenant_id = n.tenant_id and i.entity_id = n.entity_id;
    return null;
  end
  $$;

grant execute on function tb_records_index_entries_inserted() to tenantbase_app;

-- Citus: as 016's count triggers, these write only the colocated shard of the same tenant.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform set_config('citus.enable_unsafe_triggers', 'on', true);
  end if;
end $$;

create trigger records_index_entries_inserts after insert on records
  referencing new table as inserted_records for each statement execute function tb_records_index_entries_inserted();

create trigger records_index_entries after update of data on records
  for each row when (old.data is distinct from new.data) execute function tb_records_index_entries();
