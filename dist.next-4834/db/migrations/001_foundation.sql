-- Foundation: the role tenant work runs as, global tables (administrators, tenants, API keys, settings).

-- Roles are cluster-wide: several databases on one server (tests) may race to create it.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'tenantbase_app') then
    create role tenantbase_app nologin nosuperuser nobypassrls noinherit;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;

do $$
begin
  if not exists (select 1 from pg_roles where rolname = current_user and rolsuper) then
    execute format('grant tenantbase_app to %I', current_user);
  end if;
exception when others then null;
end $$;

grant usage on schema public to tenantbase_app;

create table settings (
  key text primary key,
  value text not null
);

create table admins (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  name text not null,
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index admins_email_key on admins (lower(email));

-- Admin tokens are JWTs; logout records the token id here until the token would have expired.
create table revoked_admin_tokens (
  jti uuid primary key,
  expires_at timestamptz not null
);

create table tenants (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  slug text not null constraint tenants_slug_key unique,
  description text not null default '',
  created_at timestamptz not null default now()
);

-- Looked up by hash before any tenant is known, so this is a global table the tenant role cannot reach.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null references admins (id) on delete cascade,
  tenant_id uuid references tenants (id) on delete cascade,
  name text not null,
  scope text not null check (scope in ('tenant', 'admin')),
  prefix text not null,
  key_hash text not null constraint api_keys_key_hash_key unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  check (scope = 'admin' or tenant_id is not null)
);
create index api_keys_admin_idx on api_keys (admin_id, created_at);
