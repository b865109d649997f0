import { AppError, validationError } from "../../errors.js";
import { canonicalJson } from "../entities/schema-view.js";
import { listRules } from "./rule.repository.js";
import { createRule, prepareRule } from "./rule.service.js";
const exportedRule = (r) => ({
  entityName: r.entityName,
  name: r.name,
  triggerType: r.triggerType,
  triggerFields: r.triggerFields,
  ruleDsl: r.ruleDsl,
  status: r.status
});
async function exportRules(tx) {
  return (await listRules(tx, {})).map(exportedRule);
}
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
async function importRules(tx, rules) {
  const existing = new Set((await listRules(tx, {})).map((r) => canonicalJson(exportedRule(r))));
  let imported = 0;
  let unchanged = 0;
  for (const [i, raw] of rules.entries()) {
    const path = `metadata.rules.${i}`;
    if (!isObject(raw) || typeof raw.entityName !== "string") {
      throw validationError(`${path}: each rule is an object as export_metadata writes it, with entityName`, [
        { field: `${path}.entityName`, message: "required" }
      ]);
    }
    const status = raw.status ?? "draft";
    if (status !== "draft" && status !== "published") {
      throw validationError(`${path}.status must be "draft" or "published"`, [{ field: `${path}.status`, message: "draft or published" }]);
    }
    try {
      const input = {
        name: typeof raw.name === "string" ? raw.name : void 0,
        triggerType: raw.triggerType,
        triggerFields: raw.triggerFields,
        ruleDsl: raw.ruleDsl
      };
      const { draft } = await prepareRule(tx, raw.entityName, input);
      const key = canonicalJson({ entityName: raw.entityName, ...draft, status });
      if (existing.has(key)) {
        unchanged++;
        continue;
      }
      await createRule(tx, raw.entityName, input, { publish: status === "published" });
      existing.add(key);
      imported++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(
        error.code,
        `Import refused, nothing was written: ${path} (${raw.entityName}): ${error.message}`,
        (error.details ?? []).map((d) => ({ ...d, field: `${path}.${d.field ?? ""}`.replace(/\.$/, "") }))
      );
    }
  }
  return { imported, unchanged };
}
export {
  exportRules,
  exportedRule,
  importRules
};
//# sourceMappingURL=rule-metadata.js.map
