-- Business rules (docs/rules.md): rules as data, stored normalized, attached to one entity of one
-- tenant; and the log of their runs on saves, kept per tenant within a retention bound.

create table business_rules (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  entity_id uuid not null,
  name text not null,
  trigger_type text not null check (trigger_type in ('field_change', 'before_save', 'after_save')),
  trigger_fields jsonb not null default '[]'::jsonb check (jsonb_typeof(trigger_fields) = 'array'),
  -- The normalized DSL: { compute, validate, transform, actions } (rule.types.ts RuleDsl).
  rule_dsl jsonb not null check (jsonb_typeof(rule_dsl) = 'object'),
  status text not null default 'draft' check (status in ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index business_rules_entity_idx on business_rules (tenant_id, entity_id, created_at);

-- One row per run of a published rule on a save. No foreign key to the rule or the record: the log
-- outlives both (a deleted rule's runs stay readable until retention drops them).
create table rule_runs (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  rule_id uuid not null,
  rule_name text not null,
  entity_name text not null,
  record_id uuid,
  -- create | update: the save the rule ran in; trigger: the rule's trigger type.
  operation text not null check (operation in ('create', 'update')),
  trigger_type text not null,
  -- Who saved: principal kind and id (a nested save keeps the caller of the outermost one).
  actor_kind text,
  actor_id text,
  inputs jsonb not null default '{}'::jsonb,
  outputs jsonb not null default '{}'::jsonb,
  -- passed | warning: [{ id, message, severity }] of the rule's validations that did not hold.
  validation jsonb not null default '{"result": "passed", "findings": []}'::jsonb,
  duration_ms double precision not null default 0,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index rule_runs_recent_idx on rule_runs (tenant_id, created_at desc, id);
create index rule_runs_rule_idx on rule_runs (tenant_id, rule_id, created_at desc);

alter table business_rules enable row level security;
alter table business_rules force row level security;
create policy tenant_isolation on business_rules
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table rule_runs enable row level security;
alter table rule_runs force row level security;
create policy tenant_isolation on rule_runs
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on business_rules, rule_runs to tenantbase_app;

-- Citus: distributed by tenant_id beside entities (see 011_citus_distribution.sql); nothing elsewhere.
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;
  perform create_distributed_table('business_rules', 'tenant_id', colocate_with => 'entities');
  perform create_distributed_table('rule_runs', 'tenant_id', colocate_with => 'entities');
end $$;

-- After distribution (Citus refuses a plain table referencing a distributed one): a rule goes with its entity.
alter table business_rules add foreign key (tenant_id, entity_id) references entities (tenant_id, id) on delete cascade;
