import { parseCookie } from "cookie";
const ADMIN_COOKIE = "tb_admin";
const headerValue = (v) => Array.isArray(v) ? v[0] : v;
function sameOrigin(request) {
  const origin = headerValue(request.headers.origin);
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
function requestToken(request) {
  const apiKey = headerValue(request.headers["x-api-key"])?.trim();
  if (apiKey) return apiKey;
  const authorization = headerValue(request.headers.authorization);
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (bearer) return bearer;
  const header = request.headers.cookie;
  const cookie = header ? parseCookie(header)[ADMIN_COOKIE] : void 0;
  return cookie && sameOrigin(request) ? cookie : void 0;
}
export {
  ADMIN_COOKIE,
  requestToken
};
//# sourceMappingURL=credentials.js.map
