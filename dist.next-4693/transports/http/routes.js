import { stringifySetCookie } from "cookie";
import { AppError } from "../../errors.js";
import { executeOperation } from "../../operations/core/execute.js";
import { buildOperationContext } from "../request-context.js";
import { ADMIN_COOKIE, requestToken } from "./credentials.js";
import { renameErrorFields, restArgumentName, restInput } from "./rest-input.js";
const headerValue = (v) => Array.isArray(v) ? v[0] : v;
function applyEffects(effects, request, reply) {
  const attributes = {
    name: ADMIN_COOKIE,
    httpOnly: true,
    sameSite: "strict",
    path: "/api",
    secure: request.protocol === "https"
  };
  for (const effect of effects) {
    switch (effect.kind) {
      case "admin_session_started":
        void reply.header("set-cookie", stringifySetCookie({ ...attributes, value: effect.token, maxAge: effect.maxAgeSeconds }));
        break;
      case "admin_session_ended":
        void reply.header("set-cookie", stringifySetCookie({ ...attributes, value: "", expires: /* @__PURE__ */ new Date(0) }));
        break;
      case "tenant_selected":
        break;
    }
  }
}
function envelope(result) {
  return result.warnings.length ? { success: true, data: result.data, warnings: result.warnings } : { success: true, data: result.data };
}
function registerOperationRoutes(app, deps, operations) {
  for (const op of operations) {
    for (const binding of op.rest) registerRoute(app, deps, op, binding);
  }
}
function registerRoute(app, deps, op, binding) {
  const facts = { surface: "rest", operation: op.name };
  app.route({
    method: binding.method,
    url: binding.path,
    config: facts,
    ...binding.bodyLimit ? { bodyLimit: binding.bodyLimit(deps.config) } : {},
    handler: async (request, reply) => {
      const facts2 = { token: requestToken(request), tenant: headerValue(request.headers["x-tenant-id"]), clientAddress: request.ip };
      const ctx = await buildOperationContext(deps, "rest", facts2).catch((error) => {
        if (op.access === "public") return buildOperationContext(deps, "rest", { clientAddress: request.ip });
        throw error;
      });
      const input = restInput(binding, {
        params: request.params,
        query: request.query,
        body: request.body,
        headers: request.headers
      });
      const result = await executeOperation(op, ctx, input).catch((error) => {
        throw error instanceof AppError && error.code === "VALIDATION_ERROR" && error.details && binding.argumentNames ? renameErrorFields(error, (field) => restArgumentName(binding, field)) : error;
      });
      applyEffects(result.effects, request, reply);
      return reply.code(binding.status ?? 200).send(envelope(result));
    }
  });
}
export {
  envelope,
  registerOperationRoutes
};
//# sourceMappingURL=routes.js.map
