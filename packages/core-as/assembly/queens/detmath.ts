// e^(−x) with + − × ÷ and floor only, in the order of engine/src/queens/detmath.ts (its twin), so
// both backends get the same bits (Math.exp is not bit-specified).
const LN2: f64 = 0.6931471805599453;
const INV_LN2: f64 = 1.4426950408889634;

export function expNeg(x: f64): f64 {
  if (!(x > 0)) return 1.0;
  if (x > 745) return 0.0;
  const k = Math.floor(x * INV_LN2 + 0.5);
  const r = x - k * LN2;
  let p: f64 = 1.0;
  for (let i = 16; i >= 1; i--) p = 1.0 + (-r / <f64>i) * p;
  const kk = <i32>k;
  for (let i = 0; i < kk; i++) p *= 0.5;
  return p;
}
