-- Entities and their versions. An entity has at most one draft and any number of published,
-- immutable versions; `published_version` points at the one records use.
create table entities (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  name text not null,
  published_version int,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  constraint entities_tenant_name_key unique (tenant_id, name)
);

create table entity_versions (
  tenant_id uuid not null,
  entity_id uuid not null,
  version int not null check (version >= 1),
  status text not null check (status in ('draft', 'published')),
  -- { displayName, description, icon, config, fields: [{ name, fieldKey, fieldType, isRequired, isUnique, description, config }] }
  definition jsonb not null,
  message text,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, entity_id, version),
  foreign key (tenant_id, entity_id) references entities (tenant_id, id) on delete cascade
);
create unique index entity_versions_one_draft on entity_versions (tenant_id, entity_id) where status = 'draft';

alter table entities enable row level security;
alter table entities force row level security;
create policy tenant_isolation on entities
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table entity_versions enable row level security;
alter table entity_versions force row level security;
create policy tenant_isolation on entity_versions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

grant select, insert, update, delete on entities, entity_versions to tenantbase_app;
