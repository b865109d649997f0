import { unauthorized } from "../../errors.js";
import { executeOperation } from "../../operations/core/execute.js";
import { buildOperationContext } from "../request-context.js";
function principalOf(authInfo) {
  const extra = authInfo?.extra;
  if (!extra?.principal) throw unauthorized("This MCP request carries no credential");
  return { principal: extra.principal, clientAddress: extra.clientAddress ?? "" };
}
function createInProcessExecutor(deps) {
  return {
    async execute(op, args, call) {
      const { principal, clientAddress } = principalOf(call.authInfo);
      const ctx = await buildOperationContext(deps, "mcp", { principal, tenant: call.selectedTenant ?? void 0, clientAddress });
      return executeOperation(op, ctx, args);
    }
  };
}
export {
  createInProcessExecutor,
  principalOf
};
//# sourceMappingURL=executor.js.map
