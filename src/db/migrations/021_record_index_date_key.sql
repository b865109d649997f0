-- The date key of an index entry, inlinable (docs/entities.md, "Indexes"; issue 22: a create in an
-- entity with two declared indexes within 10% of one with none). 017's tb_index_date_key was
-- `strict` and cast through timestamptz (a stable cast), so PostgreSQL could not inline it: every
-- statement that wrote an entry with a date key called it as a SQL function, and a SQL function's
-- body is parsed and planned again in every statement that calls it (perf on PostgreSQL 15 with
-- pgbench: the largest part of what the entries trigger cost beyond its inserts). It is now one
-- expression over make_timestamp (immutable: a timestamp without time zone, whose epoch is UTC),
-- which the planner folds into the trigger's statement. Same key for every value the old one
-- accepted. The year 0000, which the API accepts in a date-time (1 BC) and the timestamptz cast
-- refused — a record holding one could not be saved in an entity indexing that field — is the
-- year -1 of PostgreSQL, the same instant as JavaScript's Date.parse. The year, month and day are
-- written out in both branches on purpose: a body with a FROM clause (to name them once) is not
-- inlined.

create or replace function tb_index_date_key(value text) returns numeric
  language sql immutable parallel safe
  as $$
    select case
      when value ~ '^\d{4}-\d{2}-\d{2}$'
        then extract(epoch from make_timestamp(coalesce(nullif(substr(value, 1, 4)::int, 0), -1),
                                               substr(value, 6, 2)::int, substr(value, 9, 2)::int, 0, 0, 0)) * 1000 - 0.5
      when value ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$'
        then extract(epoch from make_timestamp(coalesce(nullif(substr(value, 1, 4)::int, 0), -1),
                                               substr(value, 6, 2)::int, substr(value, 9, 2)::int,
                                               substr(value, 12, 2)::int, substr(value, 15, 2)::int,
                                               substr(value, 18, 6)::float8)) * 1000
    end
  $$;
