// One contact with Coulomb friction striking alone, resolved by two other
// impact laws beside the derived algebraic one (Newton's kinematic e on the
// normal, Coulomb's cone on the impulses: unilateral.ts coulombModes). With
// W the contact's Delassus matrix (its normal and slip rows through M⁻¹) and
// U = (ḟ, ṡ) its normal and slip velocities, U⁺ = U⁻ + WΛ, Λ = (ΔΛ, Δν):
// - incremental (Routh; Darboux–Keller): Coulomb's law on the impulse's
//   increments, dΔν = −μ sgn ṡ dΔΛ while the contact slips; where the slip
//   stops it sticks if |W_tn/W_tt| ≤ μ, else it slips on reversed; the impact
//   ends when ḟ = −e ḟ⁻ (kinematic e). W is constant through the impact, so
//   each stage is a straight line in ΔΛ and the integral is exact.
// - Glocker's (glocker2013): one coefficient on both rows, ξ = U⁺ + e U⁻,
//   ΔΛ ≥ 0 ⟂ ξ_N ≥ 0, Δν in the cone with Δν ξ_T ≤ 0: sticking leaves
//   ṡ⁺ = −e ṡ⁻, sliding ξ_N = 0 with Δν = −μ d ΔΛ, d ξ_T ≥ 0.
// The work ½(U⁻ + U⁺)ᵀΛ is each law's T⁺ − T⁻.
// Tests: test/studies/lone-impact-laws.test.ts.
import { solveFrictionLcp } from '../runtime/complementarity/friction-lcp.js';

/** One law's outcome: the normal and friction impulses, the velocities after, and T⁺ − T⁻. */
export interface LawOutcome {
  readonly normal: number;
  readonly tangential: number;
  readonly normalAfter: number;
  readonly slipAfter: number;
  readonly work: number;
}

/** The contact's Delassus matrix [[W_nn, W_nt], [W_nt, W_tt]] and velocities before (ḟ⁻ < 0, ṡ⁻). */
export interface LoneImpact {
  readonly W: readonly [readonly [number, number], readonly [number, number]];
  readonly before: readonly [number, number];
  readonly e: number;
  readonly mu: number;
}

const outcome = ({ W, before: [un, ut] }: LoneImpact, normal: number, tangential: number): LawOutcome => {
  const after = [un + W[0][0] * normal + W[0][1] * tangential, ut + W[1][0] * normal + W[1][1] * tangential] as const;
  return { normal, tangential, normalAfter: after[0], slipAfter: after[1], work: 0.5 * ((un + after[0]) * normal + (ut + after[1]) * tangential) };
};

/** Coulomb's law on the increments, integrated stage by stage to ḟ = −e ḟ⁻. */
export function incrementalImpact(x: LoneImpact): LawOutcome {
  const { W, e, mu } = x;
  let [un, ut] = x.before;
  const target = -e * un;
  let normal = 0;
  let tangential = 0;
  // Each stage ends where the slip stops or the impact does: at most three (slip, stick or reversed slip).
  for (let stage = 0; stage < 4; stage++) {
    const stopped = Math.abs(ut) <= 1e-14 * Math.max(1, Math.abs(x.before[1]));
    const sticks = stopped && Math.abs(W[1][0]) <= mu * W[1][1];
    // dΔν/dΔΛ: −μ sgn ṡ slipping, −W_tn/W_tt sticking, −μ sgn W_tn slipping on from rest.
    const rate = sticks ? -W[1][0] / W[1][1] : -mu * Math.sign(stopped ? W[1][0] : ut);
    const dun = W[0][0] + W[0][1] * rate;
    const dut = W[1][0] + W[1][1] * rate;
    const toEnd = (target - un) / dun;
    const toStop = !stopped && dut * ut < 0 ? -ut / dut : Infinity;
    const step = Math.min(toEnd, toStop);
    normal += step;
    tangential += rate * step;
    un += dun * step;
    ut = step === toStop ? 0 : ut + dut * step;
    if (step === toEnd) return outcome(x, normal, tangential);
  }
  return outcome(x, normal, tangential);
}

/**
 * Glocker's law: the runtime's frictional contact problem (complementarity/friction-lcp.ts, Moreau–Jean's law) with
 * ξ = U⁺ + e U⁻ on both rows, b = (1 + e) U⁻; undefined where it has no answer.
 */
export function glockerImpact(x: LoneImpact): LawOutcome | undefined {
  const { W, e, mu } = x;
  const b = x.before.map((u) => (1 + e) * u);
  const sol = solveFrictionLcp({ contacts: [{ slip: 1, mu }], W: [...W[0], ...W[1]], b });
  return sol.status === 'ok' ? outcome(x, sol.impulses[0]!, sol.impulses[1]!) : undefined;
}
