import { notFound, toolRef, validationError } from "../../errors.js";
import { listEntityStates, lockEntity } from "../entities/entity.repository.js";
import { entityNotFound } from "../entities/entity.service.js";
import { runRuleSandbox } from "./engine/sandbox.js";
import { normalizeRule } from "./normalize-rule.js";
import { checkComputeGraph } from "./rule-graph.js";
import { deleteRuleRow, findRule, insertRule, listPublishedRules, listRules as readRules, markPublished } from "./rule.repository.js";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
async function loadCatalog(tx) {
  const states = await listEntityStates(tx);
  const catalog = /* @__PURE__ */ new Map();
  const ids = /* @__PURE__ */ new Map();
  for (const s of states) {
    const fields = new Set([...s.published?.definition.fields ?? [], ...s.draft?.definition.fields ?? []].map((f) => f.fieldKey));
    catalog.set(s.name, fields);
    ids.set(s.name, s.id);
  }
  return { catalog, ids };
}
async function prepareRule(tx, entityName, input) {
  const { catalog, ids } = await loadCatalog(tx);
  const fields = catalog.get(entityName);
  const entityId = ids.get(entityName);
  if (!fields || !entityId) throw await entityNotFound(tx, entityName);
  const draft = normalizeRule(input, { fields: /* @__PURE__ */ new Set([...fields, "id"]), catalog });
  return { entityId, draft };
}
async function checkWithPublished(tx, entityName, extra) {
  await lockEntity(tx, entityName);
  const published = (await listPublishedRules(tx)).filter((r) => r.entityName === entityName && r.id !== extra.id);
  checkComputeGraph([extra, ...published]);
}
async function createRule(tx, entityName, input, options) {
  const { entityId, draft } = await prepareRule(tx, entityName, input);
  await checkWithPublished(tx, entityName, { id: null, name: draft.name, ruleDsl: draft.ruleDsl });
  const id = await insertRule(tx, entityId, draft, options.publish ? "published" : "draft");
  return await findRule(tx, id);
}
function ruleNotFound(id) {
  return notFound(`No business rule with id ${id}; ${toolRef("list_business_rules")} lists the rules`);
}
async function getRule(tx, id, options = {}) {
  if (!UUID.test(id)) throw validationError(`ruleId: "${id.slice(0, 80)}" is not a UUID`, [{ field: "ruleId", message: "must be a UUID" }]);
  const rule = await findRule(tx, id, options);
  if (!rule) throw ruleNotFound(id);
  return rule;
}
async function listRules(tx, filter) {
  if (filter.entityName !== void 0 && !(await loadCatalog(tx)).ids.has(filter.entityName))
    throw await entityNotFound(tx, filter.entityName);
  return readRules(tx, filter);
}
async function publishRule(tx, id) {
  const rule = await getRule(tx, id, { forUpdate: true });
  if (rule.status === "published") return rule;
  await checkWithPublished(tx, rule.entityName, rule);
  await markPublished(tx, id);
  return await findRule(tx, id);
}
async function deleteRule(tx, id) {
  await getRule(tx, id);
  await deleteRuleRow(tx, id);
  return { id, deleted: true };
}
async function testRule(ctx, tx, subject, sampleData) {
  const rule = "ruleId" in subject ? await getRule(tx, subject.ruleId) : { id: null, ...(await prepareRule(tx, subject.entityName, subject.input)).draft };
  return runRuleSandbox({ ...ctx, tx }, rule, sampleData);
}
export {
  createRule,
  deleteRule,
  getRule,
  listRules,
  loadCatalog,
  prepareRule,
  publishRule,
  testRule
};
//# sourceMappingURL=rule.service.js.map
