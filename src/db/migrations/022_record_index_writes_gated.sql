-- Index entries of inserted records: the INSERT of 020 runs only when an inserted record's entity
-- declares an index (docs/entities.md, "Indexes"). Its statement carries the key expressions of
-- three positions, text and number halves, for every entry; the trigger's statement is set up
-- again on every insert into records — with no entry to write as much as with two — and that set
-- up cost about a tenth of a plain create in the database (pgbench over the service's INSERT on a
-- scratch database seeded like bench/declared-indexes.ts: 3,250–3,370 creates/s with it, 3,590–3,810
-- with a constant key in place of the expressions). A plain EXISTS over the same join is first:
-- an entity without indexes (most of them) pays that probe alone.

create or replace function tb_records_index_entries_inserted() returns trigger
  language plpgsql
  as $$
  begin
    if exists (select 1 from inserted_records n join entity_indexes i on i.tenant_id = n.tenant_id and i.entity_id = n.entity_id) then
      insert into record_index_entries (tenant_id, record_id, index_name, entity_id, k1t, k1f, k2t, k2f, k3t, k3f)
      select n.tenant_id, n.id, i.name, n.entity_id,
             tb_index_text(n.data, i.fields[1], i.kinds[1]), tb_index_number(n.data, i.fields[1], i.kinds[1]),
             tb_index_text(n.data, i.fields[2], i.kinds[2]), tb_index_number(n.data, i.fields[2], i.kinds[2]),
             tb_index_text(n.data, i.fields[3], i.kinds[3]), tb_index_number(n.data, i.fields[3], i.kinds[3])
        from inserted_records n
        join entity_indexes i on i.tenant_id = n.tenant_id and i.entity_id = n.entity_id;
    end if;
    return null;
  end
  $$;
