import { AppError, unauthorized } from "../../errors.js";
const INVALID = {
  rest: "Invalid, expired or revoked credential",
  mcp: "Invalid, expired or revoked credential; send an API key or a token from tenant_login as Authorization: Bearer <token>"
};
function createCredentialRegistry(kinds) {
  return {
    kinds,
    async authenticate(token, surface) {
      const candidates = kinds.filter((k) => k.matches(token));
      for (const kind of candidates) {
        if (!kind.surfaces.includes(surface)) continue;
        const principal = await kind.authenticate(token);
        if (principal) return principal;
      }
      for (const kind of candidates) {
        const refusal = kind.refusal?.[surface];
        if (refusal && !kind.surfaces.includes(surface) && await kind.authenticate(token)) throw unauthorized(refusal);
      }
      throw new AppError("UNAUTHORIZED", INVALID[surface]);
    }
  };
}
const looksLikeJwt = (t) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t);
export {
  createCredentialRegistry,
  looksLikeJwt
};
//# sourceMappingURL=registry.js.map
