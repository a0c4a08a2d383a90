// A Coulomb slide that stops within a Moreau–Jean step (moreau-jean.ts).
//
// The step's law sees the contact sliding at U_k and so gives it the kinetic
// coefficient for the whole step, and the θ-method moves it by
// h[θU⁺ + (1 − θ)U_k] along its slip. Where the slide in fact stops at some
// τ < h, both are wrong: after τ the static coefficient holds (a block sent
// up an incline with μk < tan α < μs slid back down and away: at h = 1e-3
// from 0.123 m/s it left at 0.36 m/s), and the displacement runs on past the
// stop, lifting the block against gravity by more than the kinetic energy
// it had (T + V rose by up to 1.7e-4 J at h = 1e-2, 2.7e-8 J at 1e-4). No
// impulse at the step's end mends the second: with U_T⁺ = 0 the step's work
// is ½U_k,TᵀΛ_T (impact-law.ts), positive where the forces carry the slip
// back within the step.
//
// So the slide is stopped at the step's start: a tangential impulse
//   P_S = −W_SS⁻¹ U_k,S,   W_SS = H_S M⁻¹ H_Sᵀ,   v_k ← v_k + M⁻¹H_SᵀP_S
// on the slip rows S of those contacts sets their slip to 0, and the step is
// taken again from there with the static coefficient. The stop's work is
// ½(U_k + 0)_SᵀP_S = −½U_k,SᵀW_SS⁻¹U_k,S ≤ 0 (the slide's kinetic energy,
// as at a sticking impact); the step then starts stuck, so its sticking rows
// do no work, and a block whose incline is too steep to hold it slides from
// rest with g(sin α − μ cos α). The impulses of the two stages together are
// the sticking impulse Coulomb's law gives over the step; the stop moves the
// slide's end by O(h|U_k,T|) = O(h²), as the step's own error.
//
// A contact's slide stops within the step where, pressed in the step (Λ_N >
// 0) and held at U_k (approaching no faster than the step's forces alone
// change its normal velocity, |U_k,N| ≤ |U_free,N − U_k,N| + restVelocity,
// as a resting contact's rows turning with q do; an arrival faster than
// that is an impact, and impact-law.ts's laws decide its slip), it slides
// at U_k (some |U_k,T| > restVelocity) and after the step it sticks (the
// solve's phase, not the sign of U_T⁺: that is 0 only to the solve's
// rounding, and a residue of −9e-20 on the slide's side left the
// two-ended rod's end, sliding at 3.3e-6 m/s, unstopped, +6.2e-12 of T + V
// in a step of 1e-3) or its slip turned back (U_T⁺ᵀU_k,T ≤ 0). 'stick' contacts (μ = ∞)
// are pinned by their own law and frictionless ones (μ = 0) have nothing to
// stop. The stop stands only where the two stages' impulses together lie in
// each stopped contact's cone, |P_S + Λ_T| ≤ μ Λ_N with the second stage's
// Λ and static μ (`withinCones`): a Coulomb law over the step. Where they do
// not (an impact whose normal impulse turns the slip through a coupling,
// the slide far from stopping by friction), the step as first taken stands.
// Tests: test/runtime/contact/stopping-slides.test.ts, test/unilateral/moreau-jean-impulse-work.test.ts.

import { choleskyFactor, choleskySolve } from '../../numeric/cholesky.js';
import type { FrictionContact } from '../complementarity/friction-lcp.js';

/** A frictional step's rows (friction-lcp.ts's layout: per contact its normal row, then its slip rows) and their velocities before and after it. */
export interface SlideRows {
  readonly n: number;
  /** The rows H, r×n row-major. */
  readonly H: ArrayLike<number>;
  /** U_k. */
  readonly before: ArrayLike<number>;
  /** U⁺. */
  readonly after: ArrayLike<number>;
  readonly contacts: readonly FrictionContact[];
  /** Λ_N of each contact of `contacts`. */
  readonly normalImpulses: ArrayLike<number>;
  /** Per contact of `contacts`, whether the step's solve left it sticking (its U_T⁺ is 0 only to the solve's rounding). */
  readonly stuck: readonly boolean[];
  /** U_free, the rows' velocities without the impulses. */
  readonly free: ArrayLike<number>;
  readonly restVelocity: number;
}

/** The slip rows of the contacts whose slide stops within the step (header). */
export function stoppingRows(rows: SlideRows): number[] {
  const { before, after, free, contacts, normalImpulses, stuck, restVelocity } = rows;
  const S: number[] = [];
  let row = 0;
  contacts.forEach((c, a) => {
    const slip = Array.from({ length: c.slip }, (_, s) => row + 1 + s);
    const sliding = slip.some((s) => Math.abs(before[s]!) > restVelocity);
    const turned = stuck[a] || slip.reduce((sum, s) => sum + after[s]! * before[s]!, 0) <= 0;
    const coulomb = c.mu > 0 && c.mu < Infinity;
    const held = Math.abs(before[row]!) <= Math.abs(free[row]! - before[row]!) + restVelocity;
    if (coulomb && held && normalImpulses[a]! > 0 && sliding && turned) S.push(...slip);
    row += 1 + c.slip;
  });
  return S;
}

/** The stop of the slip rows S at the step's start: its impulses P_S (one per row of S) and velocity change M⁻¹H_SᵀP_S. */
export interface SlideStop {
  readonly S: readonly number[];
  readonly impulses: Float64Array;
  readonly dv: Float64Array;
}

/**
 * The stop of the slip rows S at the step's start (header); undefined where
 * W_SS is singular (dependent slip rows). `solveMass` overwrites an n-vector
 * at an offset with M⁻¹ times it.
 */
export function stopSlides(rows: SlideRows, S: readonly number[], solveMass: (x: Float64Array, off: number) => void): SlideStop | undefined {
  const { n, H, before } = rows;
  const s = S.length;
  // X = M⁻¹H_Sᵀ (a row per slip row), W_SS = H_S X.
  const X = new Float64Array(s * n);
  S.forEach((row, a) => {
    for (let i = 0; i < n; i++) X[a * n + i] = H[row * n + i]!;
    solveMass(X, a * n);
  });
  const W = new Float64Array(s * s);
  for (let a = 0; a < s; a++) for (let b = 0; b < s; b++) for (let i = 0; i < n; i++) W[a * s + b] += H[S[a]! * n + i]! * X[b * n + i]!;
  if (choleskyFactor(s, W) >= 0) return undefined;
  const P = new Float64Array(s);
  choleskySolve(
    s,
    W,
    Float64Array.from(S, (row) => -before[row]!),
    0,
    P,
    0,
  );
  const dv = new Float64Array(n);
  for (let a = 0; a < s; a++) for (let i = 0; i < n; i++) dv[i] += X[a * n + i]! * P[a]!;
  return { S, impulses: P, dv };
}

/**
 * Whether the stop and the step taken after it keep every stopped contact
 * in its cone: |P_S + Λ_T| ≤ μ Λ_N, with `impulses` the second stage's (per
 * row, same layout) and μ the contacts' coefficients in it (static, the
 * slide being stopped), to 1e-12 relative (the solve's rounding).
 */
export function withinCones(stop: SlideStop, contacts: readonly FrictionContact[], impulses: ArrayLike<number>): boolean {
  let row = 0;
  return contacts.every((c) => {
    const normal = row;
    row += 1 + c.slip;
    let tangent = 0,
      stopped = false;
    for (let s = normal + 1; s < row; s++) {
      const k = stop.S.indexOf(s);
      stopped ||= k >= 0;
      tangent += (impulses[s]! + (k >= 0 ? stop.impulses[k]! : 0)) ** 2;
    }
    return !stopped || Math.sqrt(tangent) <= (c.staticMu ?? c.mu) * impulses[normal]! * (1 + 1e-12);
  });
}
