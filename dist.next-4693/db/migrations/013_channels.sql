-- Channels (docs/channels.md) and the database-backed rate limiter (docs/rate-limits.md).

-- Rate-limit counters: one fixed window per limit key, shared by every instance of the service.
-- Global: a key may name a caller before any tenant is known (a login address, a channel caller).
create table rate_limit_counters (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null check (hits >= 0)
);
create index rate_limit_counters_window_idx on rate_limit_counters (window_start);

-- The channel directory: global, because consumers find a channel by slug or by search before
-- they know its owner. At most one channel per tenant. An unpublished channel keeps its row (its
-- grant and tools come back when it is published again) but frees its slug for anyone.
create table channels (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id) on delete cascade,
  slug text not null,
  name text not null,
  description text not null default '',
  tags jsonb not null default '[]'::jsonb check (jsonb_typeof(tags) = 'array'),
  permissions jsonb not null default '{}'::jsonb check (jsonb_typeof(permissions) = 'object'),
  published boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index channels_tenant_key on channels (tenant_id);
create unique index channels_published_slug_key on channels (slug) where published;

-- Custom tools of a tenant's channel: a parameter schema and a declarative action, never code.
create table channel_tools (
  tenant_id uuid not null references tenants (id) on delete cascade,
  name text not null,
  description text not null,
  params jsonb not null check (jsonb_typeof(params) = 'object'),
  action jsonb not null check (jsonb_typeof(action) = 'object'),
  version integer not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (tenant_id, name)
);

-- Every execution of a channel tool, in the owner's tenant. Append-only: the tenant role may add
-- and read rows, never change or remove them. The caller is another tenant: no foreign key.
create table channel_audit (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  at timestamptz not null,
  caller_tenant_id uuid,
  caller_tenant_slug text,
  caller_kind text not null,
  caller_id text,
  tool_name text not null,
  tool_version integer,
  tool_hash text,
  arguments jsonb not null,
  arguments_hash text not null,
  outcome text not null check (outcome in ('success', 'refused', 'error')),
  error_code text,
  rows_affected integer not null default 0,
  duration_ms integer not null,
  primary key (tenant_id, id)
);
create index channel_audit_at_idx on channel_audit (tenant_id, at desc, id desc);
create index channel_audit_tool_idx on channel_audit (tenant_id, tool_name, at desc);

alter table channel_tools enable row level security;
alter table channel_tools force row level security;
create policy tenant_isolation on channel_tools
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table channel_audit enable row level security;
alter table channel_audit force row level security;
create policy tenant_isolation on channel_audit
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on channel_tools to tenantbase_app;
grant select, insert on channel_audit to tenantbase_app;

-- Citus: guarded like 011_citus_distribution.sql (docs/scaling.md).
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;
  perform create_reference_table('rate_limit_counters'); -- counted before any tenant is known
  perform create_reference_table('channels');            -- found by slug or search across tenants
  perform create_distributed_table('channel_tools', 'tenant_id', colocate_with => 'entities');
  perform create_distributed_table('channel_audit', 'tenant_id', colocate_with => 'entities');
end $$;
