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
// Σ(|U⁻| + |U_free| + Σ|W_ac μ_c|)|Λ|, the size of the terms of the work)
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
// which law resolved the impact (`ImpactLawName`). The work test and e* are
// src/numeric/impact-energy.ts's, printed from the IR the C driver's
// frictional impact prints too (src/codegen/c-driver-impact.ts).
//
// In a time step, U⁻ = U_k. A Moreau–Jean step at θ = ½ changes T + V by
// exactly the impulses' work ½(U_k + U⁺)ᵀΛ where M is constant and V linear
// in q (the trapezoidal rule keeps the rest), so that is the work checked,
// and U_free = U_k + O(h) breaks both bounds above by O(h): Newton's law
// gains ½(1 − e)U_N,k Λ_N on a contact separating at the step's start
// (U_N,k > 0) that the forces pull back within the step, Glocker's gains
// (1 − e*)/(2(1 + e*)) (U_k − U_free)ᵀΛ, on any step h (+6e-3 of T + V
// per step at h = 1e-2, 5e-9 at 1e-4 on the falling rod from random states).
// Where Glocker's impulses still raise the energy, the midpoint rung: e = 1
// on the normals of the contacts separating at U_k and on the slip rows of
// the 'stick' contacts and of the Coulomb contacts sticking at U_k (every
// |U_k,T| ≤ restVelocity), whose rows then act on the step's midpoint
// velocity U_{k+½} = ½(U_k + U⁺) and do no positive work; each contact's e
// on the other normals (work ½(1 − e)U_N,kΛ_N ≤ 0), and the sliding
// contacts' slip rows as ever. A sticking Coulomb contact may so leave at
// −U_k,T, within restVelocity: still at rest, static μ, the next step
// (the falling rod pivoting on its stuck tip, its rows turning with q, took
// +1.4e-7 J at h = 1e-2 without it). Its work is at most ½U_k,TᵀΛ_T over
// the sliding rows, ≤ 0 where the slide goes on in its direction; a slide
// that stops or turns within the step is stopped at its start by the
// driver (stopping-slides.ts), no law at the step's end can: U_T⁺ = 0 needs
// Λ_T against the start's slip U_T,k, whose work ½U_T,kΛ_T > 0 where the
// forces carry the slip back. The driver's stop needs a Coulomb impulse,
// though: a rod lying on both ends, its two slip rows nearly dependent
// (θ ≈ −0.005), whose one end stopped and the other turned through the
// normals' coupling, would need 3.4 N·s to stop both against a cone of
// 0.05, and the rung gained +1.2e-10 of T + V at h = 1e-2. So where the
// rung gains, it is solved once more with e = 1 also on the slip rows of
// the contacts its solution left stuck (|U_T⁺| ≤ restVelocity) or turned
// (U_T⁺ᵀU_T,k ≤ 0), which then act on their midpoint velocity too (the rod's
// end leaves at −7e-5 m/s instead of 0), and that stands where it gains less.
// Where the rung too would raise the energy, or
// has no solution even with e = 1 on every row (a stuck foot jammed),
// Glocker's impulses stand: their excess is at most ½|(U_free − U_k)ᵀΛ|,
// the forces' own velocity change in the step against the impulses. Where
// both gain, the one that gains less stands (a rod resting on both ends,
// which Glocker's law lifted by +1.3e-4 of T + V in a step of 1e-2).
// At an event U_k = U_free, Glocker's bound holds, and the rung never acts.
// Tests: test/runtime/drivers-agree.test.ts (every driver's post-impact state, Routh's rough disk), test/runtime/contact/friction-impact.test.ts, test/runtime/hybrid/moreau-jean.test.ts, test/unilateral/moreau-jean-impulse-work.test.ts (no step gains energy, random parameters and states).

import type { ImpactLawInfo } from '../contract.js';
import { glockerRestitution, impulseWork } from '../../numeric/impact-energy.js';

/** W's non-zero columns [lo[a], hi[a]) of each row a. */
export interface IntBand {
  readonly lo: Int32Array;
  readonly hi: Int32Array;
}

/** Whether a contact's law sticks (infinite friction: the contact point is pinned while closed), the one law the runtime treats apart. */
export const sticks = (law: ImpactLawInfo): boolean => law.kind === 'stick';

/**
 * The largest restitution a contact's law admits, the limit of a run-time
 * override: 1, or ∞ where the model declares allowSuperelastic (the limit
 * src/model/limits.ts puts on the model's own coefficient).
 */
export const restitutionLimit = (law: ImpactLawInfo): number => ('allowSuperelastic' in law && law.allowSuperelastic ? Infinity : 1);

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
export type ImpactLawName = 'newton-coulomb' | 'glocker' | 'midpoint';

/**
 * b of the midpoint rung (header): e = 1 on the normals of the contacts
 * separating at U⁻ (U_N⁻ > 0) and on the slip rows of the 'stick' contacts
 * (`pinned`, in the order of `contacts`) and of the Coulomb contacts
 * sticking at U⁻ (every |U_T⁻| ≤ restVelocity), and, given a first
 * solution's U⁺, of those it left stuck or turned; each contact's e on the
 * other normals, 0 on the sliding contacts' slip rows. b holds U_free on entry.
 */
function midpointBias(b: Float64Array, rows: LawRows, uPlus?: ArrayLike<number>): Float64Array {
  const { uMinus, e, contacts, slipCount, pinned, restVelocity } = rows;
  let row = 0;
  contacts.forEach((j, a) => {
    const slip = slipCount(j);
    b[row] = newtonBias(b[row]!, uMinus[row]!, uMinus[row]! > 0 ? 1 : e[j]!);
    let resting = true,
      stuck = true,
      along = 0;
    for (let k = 1; k <= slip; k++) {
      resting &&= Math.abs(uMinus[row + k]!) <= restVelocity;
      stuck &&= Math.abs(uPlus?.[row + k] ?? Infinity) <= restVelocity;
      along += uMinus[row + k]! * (uPlus?.[row + k] ?? 0);
    }
    const stopped = uPlus !== undefined && (stuck || along <= 0);
    for (let k = 1; k <= slip; k++) if (pinned[a] || resting || stopped) b[row + k] = newtonBias(b[row + k]!, uMinus[row + k]!, 1);
    row += 1 + slip;
  });
  return b;
}

/** b = U_free + e* U⁻ on every row (Glocker's law; e* = 1 is the midpoint law); b holds U_free on entry. */
export function glockerBias(b: Float64Array, uMinus: ArrayLike<number>, eStar: number): Float64Array {
  for (let a = 0; a < b.length; a++) b[a] = newtonBias(b[a]!, uMinus[a]!, eStar);
  return b;
}

/** Glocker's one coefficient e* (impact-energy.ts glockerRestitution) of contacts laid out as restitutionBias reads them. */
function glockerCoefficient(
  contacts: readonly number[],
  slipCount: (j: number) => number,
  uMinus: ArrayLike<number>,
  e: ArrayLike<number>,
  restVelocity: number,
): number {
  const row = new Int32Array(contacts.length);
  for (let a = 1; a < contacts.length; a++) row[a] = row[a - 1]! + 1 + slipCount(contacts[a - 1]!);
  return glockerRestitution(contacts.length, Int32Array.from(contacts), row, uMinus, e, restVelocity);
}

/** W's band of a problem without one: every column of each of r rows. */
const fullBand = (r: number): IntBand => ({ lo: new Int32Array(r), hi: new Int32Array(r).fill(r) });

/**
 * The work ½(U⁻ + U⁺)ᵀΛ of impulses Λ beyond roundoff, 0 when within it
 * (impact-energy.ts impulseWork), U⁺ = U_free + W μ over W's band where the
 * caller knows it. Positive: the impulses raise the energy.
 */
function energyGain(
  uMinus: ArrayLike<number>,
  uFree: ArrayLike<number>,
  W: ArrayLike<number>,
  mu: ArrayLike<number>,
  impulses: ArrayLike<number>,
  band?: IntBand,
): number {
  const r = uFree.length;
  const { lo, hi } = band ?? fullBand(r);
  return impulseWork(r, uMinus, uFree, W, mu, impulses, lo, hi);
}

/** U⁺ = U_free + W μ (W r×r row-major). */
function velocitiesAfter(uFree: ArrayLike<number>, W: ArrayLike<number>, mu: ArrayLike<number>): Float64Array {
  const r = uFree.length;
  const uPlus = new Float64Array(uFree);
  for (let a = 0; a < r; a++) for (let c = 0; c < r; c++) uPlus[a] += W[a * r + c]! * mu[c]!;
  return uPlus;
}

/** A contact problem's rows for the law: velocities before (U⁻) and without (U_free) the impulses, W, and the contacts' e. */
export interface LawRows {
  readonly uMinus: ArrayLike<number>;
  readonly uFree: ArrayLike<number>;
  /** W = H M⁻¹ Hᵀ, r×r row-major. */
  readonly W: ArrayLike<number>;
  /** W's non-zero columns per row, where the caller knows them (zero outside). */
  readonly band?: IntBand;
  /** Room for each solve's b (r entries), where the caller's solve does not keep b: a time step's law then allocates nothing. */
  readonly bias?: Float64Array;
  /** Restitution per contact of the model. */
  readonly e: ArrayLike<number>;
  /** The closed contacts, in row order. */
  readonly contacts: readonly number[];
  readonly slipCount: (j: number) => number;
  /** Per contact of `contacts`, whether its law is 'stick'. */
  readonly pinned: readonly boolean[];
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
 * still do (only in a time step, U⁻ ≠ U_free), the midpoint rung; where
 * that too would, whichever of Glocker's and the midpoint's gains less.
 * `solve` returns undefined where it cannot solve (friction-impact.ts's
 * singular metric). Newton–Coulomb's outcome is returned when it fails (the
 * law has no solution there). `solve` must answer the same b the same way
 * (Glocker's rung takes Newton's answer where its b is Newton's).
 */
export function applyImpactLaw<S extends LawSolve | undefined>(rows: LawRows, solve: (b: Float64Array) => S): { solved: S; law: ImpactLawName } {
  const { uMinus, uFree, W, band, e, contacts, slipCount, restVelocity, bias } = rows;
  const gain = (s: S): number => (s?.sol.status === 'ok' ? energyGain(uMinus, uFree, W, s.mu, s.sol.impulses, band) : 0);
  /** U_free, into the caller's room for b where it gives one. */
  const fresh = (): Float64Array => {
    if (!bias) return new Float64Array(uFree);
    for (let a = 0; a < bias.length; a++) bias[a] = uFree[a]!;
    return bias;
  };
  const first = solve(restitutionBias(fresh(), uMinus, e, contacts, slipCount));
  const firstGain = gain(first);
  if (!(firstGain > 0)) return { solved: first, law: 'newton-coulomb' };
  const eStar = glockerCoefficient(contacts, slipCount, uMinus, e, restVelocity);
  // Glocker's b is Newton's, bit for bit, where every contact has e* and no slip rows (a chain, a stack): so is its answer.
  const same = contacts.every((j) => slipCount(j) === 0 && e[j] === eStar);
  const glocker = same ? first : solve(glockerBias(fresh(), uMinus, eStar));
  const glockerGain = same ? firstGain : gain(glocker);
  if (!(glockerGain > 0)) return { solved: glocker, law: 'glocker' };
  let midpoint = solve(midpointBias(fresh(), rows));
  // Without a solution (a 'stick' contact jammed by the arriving normals' e), e = 1 on every row.
  if (midpoint?.sol.status !== 'ok') midpoint = solve(glockerBias(fresh(), uMinus, 1));
  let midGain = midpoint?.sol.status === 'ok' ? gain(midpoint) : Infinity;
  // Still gaining: once more with the slides it stopped or turned on their midpoint velocity too.
  if (midGain > 0 && midGain < Infinity) {
    const again = solve(midpointBias(fresh(), rows, velocitiesAfter(uFree, W, midpoint!.mu)));
    const againGain = again?.sol.status === 'ok' ? gain(again) : Infinity;
    if (againGain < midGain) {
      midpoint = again;
      midGain = againGain;
    }
  }
  return midGain < glockerGain ? { solved: midpoint, law: 'midpoint' } : { solved: glocker, law: 'glocker' };
}
