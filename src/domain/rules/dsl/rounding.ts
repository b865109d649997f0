import { finite } from './values.js';

/**
 * Round half away from zero to `decimals` places (negative: tens, hundreds …), as spreadsheets and
 * PostgreSQL's numeric round do. The scaled value is first read to 15 significant digits, so that
 * 1.005 (stored as 1.00499999…) rounds to 1.01 as written.
 */
export function roundTo(x: number, decimals: number): number | null {
  const d = Math.max(-15, Math.min(15, Math.trunc(decimals)));
  const sign = x < 0 ? -1 : 1;
  const magnitude = Math.abs(x);
  if (d >= 0) {
    const factor = 10 ** d;
    const scaled = magnitude * factor;
    // Past 15 significant digits a double has no finer places to round to.
    if (!(scaled < 1e15)) return x;
    return finite((sign * Math.round(Number(scaled.toPrecision(15)))) / factor);
  }
  const factor = 10 ** -d;
  return finite(sign * Math.round(Number((magnitude / factor).toPrecision(15))) * factor);
}
