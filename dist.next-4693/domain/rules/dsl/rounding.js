import { finite } from "./values.js";
function roundTo(x, decimals) {
  const d = Math.max(-15, Math.min(15, Math.trunc(decimals)));
  const sign = x < 0 ? -1 : 1;
  const magnitude = Math.abs(x);
  if (d >= 0) {
    const factor2 = 10 ** d;
    const scaled = magnitude * factor2;
    if (!(scaled < 1e15)) return x;
    return finite(sign * Math.round(Number(scaled.toPrecision(15))) / factor2);
  }
  const factor = 10 ** -d;
  return finite(sign * Math.round(Number((magnitude / factor).toPrecision(15))) * factor);
}
export {
  roundTo
};
//# sourceMappingURL=rounding.js.map
