import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
function collectStartupGarbage() {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  gc?.();
}
export {
  collectStartupGarbage
};
//# sourceMappingURL=memory.js.map
