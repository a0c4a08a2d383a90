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
// Energy, and the fallbacks. At an impact, with U⁺ = U_free + W Λ, the impulses
// do the work ΔT + cᵀΛ = ½(U⁻ + U⁺)ᵀΛ (c = ∂U/∂t, a moving surface's rates;
// 0 for fixed ones). Where the normal and slip rows decouple (W_NT = 0: a
// disk on a floor, a particle) friction and restitution dissipate
// separately and the work is ≤ 0 for e ∈ [0, 1]. Where they couple (a rod
// striking at its tip) Newton's kinematic e with Coulomb friction can raise
// the energy — Kane's paradox (Stronge, "Impact Mechanics", 2000, §3.4;
// Glocker 2013 below): up to +48 % of T over random impacts of the falling
// rod at e near 1. Such an outcome (work above roundoff, 1e-14 of
// Σ(|U⁻Λ| + |U_free Λ|))
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
//
// In a time step, U⁻ = U_k. A Moreau–Jean step at θ = ½ changes T + V by
// exactly the impulses' work ½(U_k + U⁺)ᵀΛ where M is constant and V linear
// in q (the trapezoidal rule keeps the rest), so that is the work checked,
// and U_free = U_k + O(h) breaks both bounds above by O(h): Newton's law
// gains ½(1 − e)U_N,k Λ_N on a contact separating at the step's start
// (U_N,k > 0) that the forces pull back within the step, Glocker's gains
// (1 − e*)/(2(1 + e*)) (U_k − U_free)ᵀΛ, on any step h (+6e-3 of T + V
// per step at h = 1e-2, 5e-9 at 1e-4 on the falling rod from random states).
// Where Glocker's impulses still raise the energy: first Newton–Coulomb
// with e = 1 on the normals of the contacts separating at U_k (their normal
// work is then ½ξ_NΛ_N = 0, the other normals' ½(1 − e)U_N,kΛ_N ≤ 0), then,
// where the slip rows still gain, the midpoint law: e* = 1 on every row,
// ξ = U⁺ + U_k = 2 U_{k+½}, the complementarity and Coulomb's maximal
// dissipation acting on the step's midpoint velocity, whose work ½ξᵀΛ ≤ 0
// always. At an event U_k = U_free, Glocker's bound holds, and neither acts.
// (A walker's stuck stance foot starts every step separating at
// U_N,k = O(hω²ρ), moreau-jean.ts: there these two act on most steps.)
// Tests: test/runtime/drivers-agree.test.ts (every driver's post-impact state, Routh's rough disk), test/runtime/contact/friction-impact.test.ts, test/runtime/hybrid/moreau-jean.test.ts, test/unilateral/moreau-jean-impulse-work.test.ts (no step gains energy).

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

/**
 * Which law resolved an impact: Newton–Coulomb; Glocker's one-coefficient
 * law where the first would raise the energy; the midpoint law where a
 * time step's Glocker impulses still would (header).
 */
export type ImpactLawName = 'newton-coulomb' | 'glocker' | 'separating-midpoint' | 'midpoint';

/** Each contact's e, with 1 for the contacts separating at U⁻ (U_N⁻ > 0): Newton–Coulomb with those normals at the midpoint (header). */
function separatingAtMidpoint(e: ArrayLike<number>, uMinus: ArrayLike<number>, contacts: readonly number[], slipCount: (j: number) => number): Float64Array {
  const out = Float64Array.from(e);
  let row = 0;
  for (const j of contacts) {
    if (uMinus[row]! > 0) out[j] = 1;
    row += 1 + slipCount(j);
  }
  return out;
}

/** b = U_free + e* U⁻ on every row (Glocker's law; e* = 1 is the midpoint law); b holds U_free on entry. */
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
 * Whether impulses Λ raise the energy: ½(U⁻ + U⁺)ᵀΛ above roundoff, with
 * U⁻ the rows' velocities before the impact (at a time step's start) and
 * U⁺ = U_free + W μ after it (μ = Λ, or the multiplier of a regularized
 * metric, friction-impact.ts). W is r×r row-major.
 */
export function raisesEnergy(
  uMinus: ArrayLike<number>,
  uFree: ArrayLike<number>,
  W: ArrayLike<number>,
  mu: ArrayLike<number>,
  impulses: ArrayLike<number>,
): boolean {
  const r = uFree.length;
  let work = 0,
    scale = 0;
  for (let a = 0; a < r; a++) {
    let uPlus = uFree[a]!;
    for (let c = 0; c < r; c++) uPlus += W[a * r + c]! * mu[c]!;
    work += 0.5 * (uMinus[a]! + uPlus) * impulses[a]!;
    scale += Math.abs(uMinus[a]! * impulses[a]!) + Math.abs(uFree[a]! * impulses[a]!);
  }
  // 1e-14: a few hundred ulps of the terms, far below any real gain and above the solve's rounding.
  return work > 1e-14 * scale;
}

/** A contact problem's rows for the law: velocities before (U⁻) and without (U_free) the impulses, W, and the contacts' e. */
export interface LawRows {
  readonly uMinus: ArrayLike<number>;
  readonly uFree: ArrayLike<number>;
  /** W = H M⁻¹ Hᵀ, r×r row-major. */
  readonly W: ArrayLike<number>;
  /** Restitution per contact of the model. */
  readonly e: ArrayLike<number>;
  /** The closed contacts, in row order. */
  readonly contacts: readonly number[];
  readonly slipCount: (j: number) => number;
  readonly restVelocity: number;
}

/** A solve of the complementarity for a bias b: the LCP's solution and the multiplier μ with U⁺ = U_free + W μ. */
export interface LawSolve {
  readonly sol: { readonly status: string; readonly impulses: ArrayLike<number> };
  readonly mu: ArrayLike<number>;
}

/**
 * The law of the header, in the order every driver applies it: Newton–
 * Coulomb; where its impulses raise the energy, Glocker's law; where those
 * still do (only in a time step, U⁻ ≠ U_free), the separating contacts'
 * normals at the midpoint, and last the midpoint law, which never does.
 * `solve` returns undefined where it cannot solve (friction-impact.ts's
 * singular metric). Newton–Coulomb's outcome is returned when it fails (the
 * law has no solution there); a fallback that fails gives way to the next.
 */
export function applyImpactLaw<S extends LawSolve | undefined>(rows: LawRows, solve: (b: Float64Array) => S): { solved: S; law: ImpactLawName } {
  const { uMinus, uFree, W, e, contacts, slipCount, restVelocity } = rows;
  const gains = (s: S): boolean => s?.sol.status === 'ok' && raisesEnergy(uMinus, uFree, W, s.mu, s.sol.impulses);
  const first = solve(restitutionBias(Float64Array.from(uFree), uMinus, e, contacts, slipCount));
  if (!gains(first)) return { solved: first, law: 'newton-coulomb' };
  const fallbacks: [ImpactLawName, () => Float64Array][] = [
    ['glocker', () => glockerBias(Float64Array.from(uFree), uMinus, glockerRestitution(contacts, slipCount, uMinus, e, restVelocity))],
    ['separating-midpoint', () => restitutionBias(Float64Array.from(uFree), uMinus, separatingAtMidpoint(e, uMinus, contacts, slipCount), contacts, slipCount)],
  ];
  for (const [law, bias] of fallbacks) {
    const solved = solve(bias());
    if (solved?.sol.status === 'ok' && !gains(solved)) return { solved, law };
  }
  return { solved: solve(glockerBias(Float64Array.from(uFree), uMinus, 1)), law: 'midpoint' };
}
