-- Citus (distributed PostgreSQL): where the citus extension is installed in this database, global
-- tables become reference tables (one copy on every node) and tenant tables are distributed by
-- tenant_id in one colocation group, so all of a tenant's rows live on one node and each of its
-- statements (every one carries tenant_id = $n, which the test suite checks) goes to one shard.
-- Anywhere else (PGlite, a plain PostgreSQL server) this migration does nothing.
-- docs/scaling.md tells the whole path; a table added by a later migration takes its own call
-- there, guarded the same way. Referenced tables come before the tables whose foreign keys point
-- at them.
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;

  -- Citus opens its connections to the worker nodes as the current user, and tenant work runs as
  -- tenantbase_app: the role must be able to log in there (role changes reach the workers).
  alter role tenantbase_app login;

  -- Reference tables: the global tables. Each is either read before any tenant is known or
  -- referenced by a tenant table's foreign key (Citus allows those only towards reference tables).
  perform create_reference_table('schema_migrations');    -- which migrations ran (migrate.ts)
  perform create_reference_table('settings');             -- instance settings (the generated JWT secret)
  perform create_reference_table('admins');               -- administrators, across all tenants
  perform create_reference_table('revoked_admin_tokens'); -- logged-out admin tokens
  perform create_reference_table('tenants');              -- resolved by slug before the tenant is known
  perform create_reference_table('api_keys');             -- found by hash before the tenant is known

  -- Tenant tables: distributed by tenant_id, all colocated with entities, so their foreign keys
  -- (each includes tenant_id) and joins stay on one node.
  perform create_distributed_table('entities', 'tenant_id');
  perform create_distributed_table('entity_versions', 'tenant_id', colocate_with => 'entities');
  perform create_distributed_table('records', 'tenant_id', colocate_with => 'entities');
  perform create_distributed_table('record_unique_values', 'tenant_id', colocate_with => 'entities');
  perform create_distributed_table('tenant_users', 'tenant_id', colocate_with => 'entities');
  perform create_distributed_table('user_sessions', 'tenant_id', colocate_with => 'entities');
end $$;
