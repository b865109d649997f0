-- Tenant users and their sessions. The original design speaks of a one-time script adding these
-- tables to every existing tenant; with shared tables it is this ordinary migration, and a
-- database migrated by earlier versions picks it up at the next start.

create table tenant_users (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  email text not null,
  name text not null,
  password_hash text not null,
  role text not null default 'member' check (role in ('owner', 'admin', 'member', 'viewer')),
  is_active boolean not null default true,
  permissions jsonb not null default '{}'::jsonb check (jsonb_typeof(permissions) = 'object'),
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object'),
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
-- Unique per tenant, ignoring case: the same address may exist in two tenants.
create unique index tenant_users_email_key on tenant_users (tenant_id, lower(email));

-- Sessions hold only the SHA-256 of their token. The tenant is part of the token itself
-- (see domain/users/session-token.ts), so a session is always looked up inside withTenant and
-- this table needs no RLS exception (no SECURITY DEFINER lookup function).
create table user_sessions (
  tenant_id uuid not null,
  id uuid not null default gen_random_uuid(),
  user_id uuid not null,
  token_hash text not null,
  kind text not null default 'rest' check (kind in ('rest', 'mcp')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references tenant_users (tenant_id, id) on delete cascade
);
create unique index user_sessions_token_key on user_sessions (tenant_id, token_hash);
create index user_sessions_user_idx on user_sessions (tenant_id, user_id);
create index user_sessions_expiry_idx on user_sessions (tenant_id, expires_at);

alter table tenant_users enable row level security;
alter table tenant_users force row level security;
create policy tenant_isolation on tenant_users
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table user_sessions enable row level security;
alter table user_sessions force row level security;
create policy tenant_isolation on user_sessions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on tenant_users, user_sessions to tenantbase_app;
