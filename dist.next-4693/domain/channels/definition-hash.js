import { createHash } from "node:crypto";
import { canonicalJson } from "../entities/schema-view.js";
function definitionHash(definition) {
  return createHash("sha256").update(canonicalJson(definition)).digest("hex");
}
export {
  definitionHash
};
//# sourceMappingURL=definition-hash.js.map
