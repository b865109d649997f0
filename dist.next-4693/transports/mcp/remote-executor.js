import { AppError, ERROR_CODES } from "../../errors.js";
const asErrorCode = (code) => ERROR_CODES.includes(code) ? code : "INTERNAL_ERROR";
async function callService(service, path, init = {}, anonymous = false) {
  const url = `${service.baseUrl.replace(/\/+$/, "")}${path}`;
  let response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        ...anonymous ? {} : { authorization: `Bearer ${service.apiKey}` },
        ...init.headers
      },
      signal: AbortSignal.timeout(6e4)
    });
  } catch (error) {
    const reason = error instanceof Error ? error.cause?.message ?? error.message : String(error);
    throw new AppError(
      "INTERNAL_ERROR",
      `The Tenantbase service at ${service.baseUrl} cannot be reached (${reason}); check SERVICE_API_URL and that the service runs`
    );
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    throw new AppError(
      "INTERNAL_ERROR",
      `The service at ${url} answered ${response.status} without JSON; check SERVICE_API_URL (it ends in /api)`
    );
  }
}
function createRemoteExecutor(service) {
  return {
    async execute(op, args, call) {
      const { body } = await callService(service, `/tools/${encodeURIComponent(op.name)}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...call.selectedTenant ? { "x-tenant-id": call.selectedTenant } : {} },
        body: JSON.stringify(args)
      });
      if (body.success === true) return { data: body.data, warnings: body.warnings ?? [], effects: body.effects ?? [] };
      const e = body.error ?? {};
      throw new AppError(asErrorCode(e.code), e.message ?? "The service refused the call", e.details);
    }
  };
}
export {
  callService,
  createRemoteExecutor
};
//# sourceMappingURL=remote-executor.js.map
