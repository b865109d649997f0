async function maybeDryRun(tx, dryRun, fn) {
  if (!dryRun) return fn();
  await tx.query("savepoint tenantbase_dry_run");
  try {
    return await fn();
  } finally {
    await tx.query("rollback to savepoint tenantbase_dry_run");
  }
}
export {
  maybeDryRun
};
//# sourceMappingURL=dry-run.js.map
