-- Bots: machine identities of a tenant (docs/bots.md). The secret is stored only as a bcrypt hash
-- of its SHA-256; tokens are JWTs stamped with token_generation, which revoke and secret resets
-- raise so that every token issued before stops working on the very next request. The lockout
-- ladder (failed_identifies, lockout_level, locked_until) lives here, not in memory, so failures
-- count across every instance of the service.
create table bots (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  name text not null,
  description text,
  role text not null default 'member' check (role in ('admin', 'member', 'viewer')),
  permissions jsonb not null default '{}'::jsonb check (jsonb_typeof(permissions) = 'object'),
  secret_hash text not null,
  token_generation integer not null default 1,
  failed_identifies integer not null default 0,
  lockout_level integer not null default 0,
  locked_until timestamptz,
  created_by text not null,
  last_seen_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
-- A name identifies one live bot of the tenant, ignoring case; a revoked bot frees its name.
create unique index bots_name_key on bots (tenant_id, lower(name)) where revoked_at is null;

alter table bots enable row level security;
alter table bots force row level security;
create policy tenant_isolation on bots
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on bots to tenantbase_app;

-- Citus: distributed by tenant_id beside the other tenant tables (see 011_citus_distribution.sql).
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;
  perform create_distributed_table('bots', 'tenant_id', colocate_with => 'entities');
end $$;
