async function listPublishedEntities(tx) {
  return tx.query(
    `select e.id, e.name, v.version, v.definition
       from entities e
       join entity_versions v
         on v.tenant_id = e.tenant_id and v.entity_id = e.id and v.version = e.published_version
      where e.tenant_id = $1
      order by e.name`,
    [tx.tenantId]
  );
}
export {
  listPublishedEntities
};
//# sourceMappingURL=entity-catalog.js.map
