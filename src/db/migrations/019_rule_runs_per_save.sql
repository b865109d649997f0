-- The rule runs log (docs/rules.md "Rule runs"): one row per save holding the runs of its rules, in
-- place of 012's row per run. A save with five rules wrote five heap rows, fifteen index entries and
-- five foreign-key checks to log them; now one row, one index entry (the primary key, which is also
-- the newest-first order of list_rule_runs and of the retention prunes) and one check.
-- `runs` is a JSON array, in the order the rules ran, of
--   { id, ruleId, ruleName, triggerType, inputs, outputs, validation, durationMs }
-- (`validation`: { result: passed | warning | info, findings: [{ id, message, severity }] }); what
-- every run of the save shares (entity, record, operation, actor, time) is in the row's columns.
-- `run_count` is the length of `runs`: the retention bound counts runs (RULE_RUNS_KEEP).
-- There is no index on rule ids: a `ruleId` filter reads the tenant's log newest first, which
-- retention bounds. Existing runs are carried over, grouped into the saves they were logged by.

-- The old table steps aside (its key and indexes too, so the new ones can take their names); its
-- owner reads every tenant's rows below, so row-level security is not forced on it any more.
alter table rule_runs rename to rule_runs_v1;
alter table rule_runs_v1 rename constraint rule_runs_pkey to rule_runs_v1_pkey;
drop index rule_runs_recent_idx;
drop index rule_runs_rule_idx;
alter table rule_runs_v1 no force row level security;

create table rule_runs (
  tenant_id uuid not null references tenants (id) on delete cascade,
  created_at timestamptz not null default now(),
  id uuid not null default gen_random_uuid(),
  entity_name text not null,
  record_id uuid,
  -- create | update: the save the rules ran in.
  operation text not null check (operation in ('create', 'update')),
  -- Who saved: principal kind and id (a nested save keeps the caller of the outermost one).
  actor_kind text,
  actor_id text,
  run_count integer not null check (run_count > 0),
  runs jsonb not null check (jsonb_typeof(runs) = 'array'),
  primary key (tenant_id, created_at, id)
);

-- Citus: distributed by tenant_id beside entities, as 012 did with the table it replaces.
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;
  perform create_distributed_table('rule_runs', 'tenant_id', colocate_with => 'entities');
end $$;

-- Runs logged by one save share its time, record, operation and actor.
insert into rule_runs (tenant_id, created_at, entity_name, record_id, operation, actor_kind, actor_id, run_count, runs)
select tenant_id, created_at, entity_name, record_id, operation, actor_kind, actor_id, count(*)::int,
       jsonb_agg(jsonb_build_object('id', id, 'ruleId', rule_id, 'ruleName', rule_name, 'triggerType', trigger_type,
                                    'inputs', inputs, 'outputs', outputs, 'validation', validation, 'durationMs', duration_ms)
                 order by id)
  from rule_runs_v1
 group by tenant_id, created_at, entity_name, record_id, operation, actor_kind, actor_id;

drop table rule_runs_v1;

alter table rule_runs enable row level security;
alter table rule_runs force row level security;
create policy tenant_isolation on rule_runs
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on rule_runs to tenantbase_app;
