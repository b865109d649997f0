-- Static sites (docs/sites.md): each deploy is a version of a site; a version lists its files by
-- path and content hash; file contents are stored once per tenant by SHA-256 (content-addressed).

-- Which tenant holds each subdomain. The serving path reads it from the Host header before any
-- tenant is known (as tenants are found by slug), so it is a global table: a reference table on
-- Citus. A deploy claims its subdomain and a delete frees it inside the tenant's own transaction,
-- so claim and site commit or roll back together: the tenant role may reach this table, confined
-- by row-level security to its own tenant's rows (a subdomain held by another tenant still fails
-- the insert: the primary key sees every row). The service's own connection reads every row (the
-- serving lookup) through the second policy; the tenant role never matches it.
create table site_hosts (
  subdomain text primary key check (subdomain ~ '^[a-z0-9](-?[a-z0-9])*$' and length(subdomain) between 3 and 63),
  tenant_id uuid not null references tenants (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table site_hosts enable row level security;
alter table site_hosts force row level security;
create policy tenant_isolation on site_hosts
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
create policy service_lookup on site_hosts for select using (current_user <> 'tenantbase_app');
grant select, insert, delete on site_hosts to tenantbase_app;

create table sites (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  subdomain text not null,
  -- The version visitors see; switching it is one UPDATE (deploy, rollback).
  live_version int not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index sites_subdomain_key on sites (tenant_id, subdomain);

create table site_versions (
  tenant_id uuid not null,
  site_id uuid not null,
  number int not null check (number >= 1),
  file_count int not null,
  total_bytes bigint not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, site_id, number)
);

-- Immutable: a blob's bytes are what its hash says; brotli and gzip are precomputed at deploy
-- time (null when they would not be smaller).
create table site_blobs (
  tenant_id uuid not null,
  hash text not null,
  size int not null,
  content bytea not null,
  brotli bytea,
  gzip bytea,
  created_at timestamptz not null default now(),
  primary key (tenant_id, hash)
);

create table site_files (
  tenant_id uuid not null,
  site_id uuid not null,
  version int not null,
  path text not null,
  hash text not null,
  primary key (tenant_id, site_id, version, path)
);
create index site_files_hash_idx on site_files (tenant_id, hash);

alter table sites enable row level security;
alter table sites force row level security;
create policy tenant_isolation on sites
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table site_versions enable row level security;
alter table site_versions force row level security;
create policy tenant_isolation on site_versions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table site_blobs enable row level security;
alter table site_blobs force row level security;
create policy tenant_isolation on site_blobs
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table site_files enable row level security;
alter table site_files force row level security;
create policy tenant_isolation on site_files
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on sites, site_versions, site_blobs, site_files to tenantbase_app;

-- Citus (docs/scaling.md): the claim table is a reference table; the site tables are distributed
-- by tenant_id with entities. Foreign keys to distributed tables come after the calls.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform create_reference_table('site_hosts');            -- subdomain → tenant, read before the tenant is known
    perform create_distributed_table('sites', 'tenant_id', colocate_with => 'entities');
    perform create_distributed_table('site_versions', 'tenant_id', colocate_with => 'entities');
    perform create_distributed_table('site_blobs', 'tenant_id', colocate_with => 'entities');
    perform create_distributed_table('site_files', 'tenant_id', colocate_with => 'entities');
  end if;
end $$;

alter table sites add constraint sites_host_fkey foreign key (subdomain) references site_hosts (subdomain);
alter table site_versions add foreign key (tenant_id, site_id) references sites (tenant_id, id) on delete cascade;
alter table site_files add foreign key (tenant_id, site_id, version)
  references site_versions (tenant_id, site_id, number) on delete cascade;
alter table site_files add constraint site_files_blob_fkey foreign key (tenant_id, hash) references site_blobs (tenant_id, hash);
