import { notFound, toolRef, validationError } from "../../errors.js";
import { findPublishedEntityCached } from "../entities/published-entity.cache.js";
import { deleteCustomTool, insertCustomTool, updateCustomTool } from "./custom-tool.repository.js";
import { actionProblems, checkToolName, customToolView, parseAction } from "./custom-tools.js";
import { sanitizeForeignText, TEXT_LIMITS } from "./sanitize.js";
import { checkParamSchema } from "./tool-schema.js";
const missingTool = (name) => notFound(`Your channel has no custom tool "${name}" (${toolRef("get_my_channel")} lists them)`);
async function defineCustomTool(tx, cache, channel, kind, input, now) {
  checkToolName(input.name);
  const params = checkParamSchema(input.params);
  const action = parseAction(input.action);
  const found = Object.hasOwn(channel.permissions, action.entity) ? await findPublishedEntityCached(tx, cache, action.entity) : null;
  const problems = actionProblems(action, params, found && !("draftOnly" in found) ? found : null, channel.permissions);
  if (problems.length) {
    throw validationError(
      `Invalid action \u2014 ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ""}`,
      problems.map((message) => ({ field: "action", message }))
    );
  }
  const fields = {
    name: input.name,
    description: sanitizeForeignText(input.description, TEXT_LIMITS.toolDescription),
    params,
    action
  };
  if (kind === "new") return customToolView(await insertCustomTool(tx, fields, now));
  const row = await updateCustomTool(tx, fields, now);
  if (!row) throw missingTool(input.name);
  return customToolView(row);
}
async function removeCustomTool(tx, name) {
  if (!await deleteCustomTool(tx, name)) throw missingTool(name);
  return { tool_name: name, removed: true };
}
export {
  defineCustomTool,
  removeCustomTool
};
//# sourceMappingURL=custom-tool.service.js.map
