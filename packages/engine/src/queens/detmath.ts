/**
 * e^(−x) computed with + − × ÷ and floor only, in one fixed order, so that JavaScript and
 * WebAssembly (both IEEE-754 binary64, round to nearest) give the same bits — Math.exp is not
 * specified to the last bit and differs between engines. The AssemblyScript kernels have the
 * same function (core-as/assembly/queens/detmath.ts). Relative error below 1e-15 for 0 ≤ x ≤ 745.
 */
const LN2 = 0.6931471805599453;
const INV_LN2 = 1.4426950408889634;

export function expNeg(x: number): number {
  if (!(x > 0)) return 1;
  if (x > 745) return 0;
  // x = k·ln2 + r with |r| ≤ ln2/2 (about), e^(−x) = e^(−r) · 2^(−k).
  const k = Math.floor(x * INV_LN2 + 0.5);
  const r = x - k * LN2;
  // e^(−r) by its Taylor series to degree 16, Horner form.
  let p = 1;
  for (let i = 16; i >= 1; i--) p = 1 + (-r / i) * p;
  for (let i = 0; i < k; i++) p *= 0.5;
  return p;
}
