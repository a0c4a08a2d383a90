// The impact law, once, for every driver: the event-driven run
// (hybrid.ts), the orbit machinery (analysis/variational.ts), the LCP
// impacts (impact-lcp.ts, friction-impact.ts) and Moreau–Jean's steps
// (moreau-jean.ts, normal-contacts.ts) all take it from here; resolve-impact.ts
// picks the map that applies it at an event.
//
// Law (Moreau's velocity-level Newton law with Coulomb friction; Siconos'
// NewtonImpactFrictionNSL; Acary & Brogliato 2008, §3.2): over the rows H
// of the closed contacts (each contact's normal row ∂g/∂q, then its slip
// rows ∂s/∂q) with velocities U = H q̇ + ∂/∂t, the complementarity of
// friction-lcp.ts (impact-lcp.ts without slip rows) acts on
//   ξ = U⁺ + ε∘U⁻,   U⁺ = U_free + W Λ,   so   ξ = W Λ + b,   b = U_free + ε∘U⁻,
// with ε_row = e_j on contact j's normal row (the module's `restitution`:
// e for 'newton', W² for 'w-law', 0 for 'plastic' and 'stick') and 0 on
// every slip row: Coulomb's law acts on U_T⁺ itself, no tangential
// restitution (the model language has no option asking for one). At an
// impact U_free = U⁻; in a Moreau–Jean step U_free is the step's free
// velocity and U⁻ its start velocity U_k. A sticking contact leaves with
// U_T⁺ = 0: a disk striking a rough floor takes Routh's classical answer.
// A closed contact that separates before the impact (U_N⁻ > 0) may leave
// approaching at up to e·U_N⁻ where another contact's impulse pushes it
// (ξ_N ≥ 0), as Moreau's law allows.
//
// Energy, and the one fallback. With U⁺ = U_free + W Λ the impulses do the
// work ΔT + cᵀΛ = ½(U_free + U⁺)ᵀΛ (c = ∂U/∂t, a moving surface's rates;
// 0 for fixed ones). Where the normal and slip rows decouple (W_NT = 0: a
// disk on a floor, a particle) friction and restitution dissipate
// separately and the work is ≤ 0 for e ∈ [0, 1]. Where they couple (a rod
// striking at its tip) Newton's kinematic e with Coulomb friction can raise
// the energy — Kane's paradox (Stronge, "Impact Mechanics", 2000, §3.4;
// Glocker 2013 below): up to +48 % of T over random impacts of the falling
// rod at e near 1. Such an outcome (work above roundoff, 1e-14 of Σ|U_free Λ|)
// is replaced by Glocker's energetically consistent law ("Energetic
// consistency conditions for standard impacts", Multibody Syst. Dyn. 29
// (2013) 77–117): ONE coefficient e* on every row, normal and slip alike,
//   b = U_free + e* U⁻,   e* = the smallest e of the arriving contacts
// (normal velocity below −restVelocity), else of the closed ones;
// then U⁻ = (ξ − WΛ)/(1 + e*) and
//   ΔT + cᵀΛ = Λᵀξ/(1 + e*) − (1 − e*)/(2(1 + e*)) ΛᵀWΛ ≤ 0
// (Λ_Nξ_N = 0, Λ_Tᵀξ_T ≤ 0 by maximal dissipation, W positive semidefinite).
// A sticking contact then leaves with U_T⁺ = −e* U_T⁻. The fallback only
// ever acts where the first law would create energy; the outcome says
// which law resolved the impact (`ImpactLawName`).
// Tests: test/runtime/drivers-agree.test.ts (every driver's post-impact state, Routh's rough disk), test/runtime/contact/friction-impact.test.ts, test/runtime/hybrid/moreau-jean.test.ts.

import type { ImpactLawInfo } from '../contract.js';

/** Whether a contact's law sticks (infinite friction: the contact point is pinned while closed), the one law the runtime treats apart. */
export const sticks = (law: ImpactLawInfo): boolean => law.kind === 'stick';

/**
 * b = U_free + ε∘U⁻ of the law's complementarity ξ = W Λ + b, for rows of
 * contacts laid out as friction-lcp.ts stacks them: `contacts` gives each
 * contact's index and slip-row count in row order. Writes into b, which
 * holds U_free on entry.
 */
export function restitutionBias(
  b: Float64Array,
  uMinus: ArrayLike<number>,
  e: ArrayLike<number>,
  contacts: readonly number[],
  slipCount: (j: number) => number,
): Float64Array {
  let row = 0;
  for (const j of contacts) {
    b[row] = newtonBias(b[row]!, uMinus[row]!, e[j]!);
    row += 1 + slipCount(j);
  }
  return b;
}

/** One normal row's bias: U_free,N + e U_N⁻ (slip rows keep U_free,T). */
export function newtonBias(uFree: number, uMinus: number, e: number): number {
  return uFree + e * uMinus;
}

/** Which law resolved an impact: Newton–Coulomb, or Glocker's one-coefficient law where the first would raise the energy (header). */
export type ImpactLawName = 'newton-coulomb' | 'glocker';

/** b = U_free + e* U⁻ on every row (Glocker's law, the fallback); b holds U_free on entry. */
export function glockerBias(b: Float64Array, uMinus: ArrayLike<number>, eStar: number): Float64Array {
  for (let a = 0; a < b.length; a++) b[a] = newtonBias(b[a]!, uMinus[a]!, eStar);
  return b;
}

/** Glocker's one coefficient: the smallest e of the arriving contacts (U_N⁻ < −restVelocity), else of the closed ones; 0 without contacts. */
export function glockerRestitution(
  contacts: readonly number[],
  slipCount: (j: number) => number,
  uMinus: ArrayLike<number>,
  e: ArrayLike<number>,
  restVelocity: number,
): number {
  let arriving = Infinity,
    closed = Infinity,
    row = 0;
  for (const j of contacts) {
    closed = Math.min(closed, e[j]!);
    if (uMinus[row]! < -restVelocity) arriving = Math.min(arriving, e[j]!);
    row += 1 + slipCount(j);
  }
  const chosen = arriving < Infinity ? arriving : closed;
  return chosen < Infinity ? chosen : 0;
}

/**
 * Whether impulses Λ on rows with velocities U_free before them raise the
 * energy: ½(U_free + U⁺)ᵀΛ above roundoff, U⁺ = U_free + W μ (μ = Λ, or the
 * multiplier of a regularized metric, friction-impact.ts). W is r×r row-major.
 */
export function raisesEnergy(uFree: ArrayLike<number>, W: ArrayLike<number>, mu: ArrayLike<number>, impulses: ArrayLike<number>): boolean {
  const r = uFree.length;
  let work = 0,
    scale = 0;
  for (let a = 0; a < r; a++) {
    let uPlus = uFree[a]!;
    for (let c = 0; c < r; c++) uPlus += W[a * r + c]! * mu[c]!;
    work += 0.5 * (uFree[a]! + uPlus) * impulses[a]!;
    scale += Math.abs(uFree[a]! * impulses[a]!);
  }
  // 1e-14: a few hundred ulps of the terms, far below any real gain and above the solve's rounding.
  return work > 1e-14 * scale;
}
