// Printed from src/codegen/solvers/impact-energy.ts by `npm run solvers`: edit that file, not this one.
//
// The energy test of the frictional impact law (Newton–Coulomb, Moreau;
// Glocker 2013, "Energetic consistency conditions for standard impacts"):
// the work of an impact's impulses beyond roundoff, and the one coefficient
// e* of Glocker's law that replaces Newton's where that work is positive
// (Kane's paradox). The runtime (src/runtime/contact/impact-law.ts) and the
// C driver both decide by these functions, printed from the same IR.

/**
 * The work ½(U⁻ + U⁺)ᵀΛ of impulses Λ on r rows beyond roundoff, 0 when
 * within it: U⁻ the rows' velocities before the impact (at a time step's
 * start), U⁺ = U_free + W μ after it (μ = Λ, or the multiplier of a
 * regularized metric), W r×r row-major, summed over its band: columns
 * lo[a] ≤ c < hi[a] of row a (the terms outside are exact zeros). Positive:
 * the impulses raise the energy (Kane's paradox), and the law falls back
 * (Glocker's coefficient). Roundoff is 1e-14 of Σ(|U⁻| + |U_free| + Σ|W μ|)|Λ|,
 * the size of the work's terms: a few hundred ulps, far below any real gain
 * and above the solve's rounding; U⁺ is rounded to a few ulps of its terms,
 * far above |U⁺| itself at a resting contact under a stack (W μ cancels
 * U_free there).
 */
export function impulseWork(
  r: number,
  uMinus: ArrayLike<number>,
  uFree: ArrayLike<number>,
  W: ArrayLike<number>,
  multiplier: ArrayLike<number>,
  impulses: ArrayLike<number>,
  lo: Int32Array,
  hi: Int32Array,
): number {
  let work = 0;
  let scale = 0;
  for (let a = 0; a < r; a++) {
    let uPlus = uFree[a]!;
    let size = Math.abs(uFree[a]!);
    for (let c = lo[a]!; c < hi[a]!; c++) {
      const term = W[a * r + c]! * multiplier[c]!;
      uPlus += term;
      size += Math.abs(term);
    }
    work += 0.5 * (uMinus[a]! + uPlus) * impulses[a]!;
    scale += (Math.abs(uMinus[a]!) + size) * Math.abs(impulses[a]!);
  }
  if (work > 1e-14 * scale) return work;
  return 0;
}

/**
 * Glocker's one coefficient e* of the fallback law, b = U_free + e* U⁻ on
 * every row: the smallest e of the k closed contacts that arrive (normal
 * velocity U⁻ below −restVelocity), else of all of them; 0 without contacts.
 * contact[a] is the a-th closed contact's index into e, row[a] its normal row
 * in U⁻ (the law and why it dissipates: src/runtime/contact/impact-law.ts).
 */
export function glockerRestitution(
  k: number,
  contact: Int32Array,
  row: Int32Array,
  uMinus: ArrayLike<number>,
  e: ArrayLike<number>,
  restVelocity: number,
): number {
  let arriving = Infinity;
  let closed = Infinity;
  for (let a = 0; a < k; a++) {
    const j = contact[a]!;
    if (e[j]! < closed) closed = e[j]!;
    if (uMinus[row[a]!]! < -restVelocity && e[j]! < arriving) arriving = e[j]!;
  }
  if (arriving < Infinity) return arriving;
  if (closed < Infinity) return closed;
  return 0;
}
