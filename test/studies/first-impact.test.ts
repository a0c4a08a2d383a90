// The falling rod's first impact in its default run (src/studies/first-impact.ts), against the tip's impact solved
// by hand from the rod's mass matrix and the tip's rows at the run's pre-impact state (m = l = 1): sticking
// (N q̇⁺ = −e N q̇⁻, S q̇⁺ = 0) needs a tangential impulse outside the cone μΔΛ; sliding with friction −μ sgn ṡ ΔΛ
// along S is admissible only for the reverse sign, and the works of the two impulses add up to T⁺ − T⁻.
import { describe, expect, it } from 'vitest';
import fallingRod from '../../derivations/falling-rod.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { firstImpact } from '../../src/studies/first-impact.js';
import { committedModule, derived } from '../helpers/examples.js';

/** The tip's impact at angle θ by hand: sticking, or sliding with the friction sign d (Δν = −μ d ΔΛ). */
function byHand(theta: number, qd: readonly number[], e: number, mu: number) {
  const M = [1, 1, 1 / 3];
  const n = [0, 1, -Math.cos(theta)];
  const s = [1, 0, Math.sin(theta)];
  const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((r, x, i) => r + x * b[i]!, 0);
  const inner = (a: readonly number[], b: readonly number[]): number => a.reduce((r, x, i) => r + (x * b[i]!) / M[i]!, 0);
  const [a, b, d] = [inner(n, n), inner(n, s), inner(s, s)];
  const [r1, r2] = [-(1 + e) * dot(n, qd), -dot(s, qd)];
  const det = a * d - b * b;
  const stick = { Pn: (r1 * d - b * r2) / det, Pt: (a * r2 - b * r1) / det };
  // Sliding: N M⁻¹ (Nᵀ − μ d Sᵀ) Pn = −(1 + e) N q̇⁻.
  const slide = (sign: number) => {
    const Pn = r1 / (a - mu * sign * b);
    const Pt = -mu * sign * Pn;
    const plus = qd.map((v, i) => v + (n[i]! * Pn + s[i]! * Pt) / M[i]!);
    return { Pn, Pt, slipAfter: dot(s, plus) };
  };
  return { stick, slide, slipBefore: dot(s, qd) };
}

describe('the first impact of the falling rod’s run', async () => {
  const mod = (await committedModule('falling-rod'))!;
  const { q0, qd0, t1 } = mod.model.initial;
  const fi = firstImpact(derived(fallingRod), simulate(mod, { q0, qd0, t1, samples: 101, rtol: 1e-8, atol: 1e-10 }))!;
  const hand = byHand(fi.q[2]!, fi.qdMinus, 0.5, 0.3);

  it('is the tip striking alone at θ = 0.7 with ẋ⁻ = 1, θ̇⁻ = 0', () => {
    expect(fi.map).toBe(0);
    expect(fi.contact).toBe(0);
    expect(fi.q[2]).toBeCloseTo(0.7, 9);
    expect(fi.qdMinus[0]).toBeCloseTo(1, 9);
    expect(fi.slipVelocity[0]).toBeCloseTo(hand.slipBefore, 9);
  });

  it('cannot stick: |Δν| = 0.7758 > μΔΛ = 0.5564', () => {
    const stick = fi.outcomes.find((o) => o.friction === 'stick')!;
    expect(stick.admissible).toBe(false);
    expect(stick.normal).toBeCloseTo(hand.stick.Pn, 9);
    expect(stick.tangential).toBeCloseTo(hand.stick.Pt, 9);
    expect(Math.abs(hand.stick.Pt)).toBeGreaterThan(0.3 * hand.stick.Pn);
  });

  it('slides in the reverse direction only: Δν = +0.5144 along the slip before, ṡ⁺ = −0.3796', () => {
    const along = fi.outcomes.find((o) => o.direction === 1)!;
    expect(along.admissible).toBe(false);
    expect(hand.slide(1).slipAfter).toBeLessThan(0);
    expect(fi.taken.direction).toBe(-1);
    expect(fi.taken.normal).toBeCloseTo(hand.slide(-1).Pn, 9);
    expect(fi.taken.tangential).toBeCloseTo(hand.slide(-1).Pt, 9);
    expect(fi.taken.tangential).toBeCloseTo(0.5144, 4);
    expect(fi.slipVelocity[1]).toBeCloseTo(hand.slide(-1).slipAfter, 6);
    expect(fi.slipVelocity[1]).toBeCloseTo(-0.3796, 4);
  });

  it('the friction impulse does +0.1596 of work while T drops by 0.9729; the works add up to ΔT', () => {
    expect(fi.frictionWork).toBeCloseTo(0.1596, 4);
    expect(fi.energyChange).toBeCloseTo(-0.9729, 4);
    expect(fi.normalWork + fi.frictionWork).toBeCloseTo(fi.energyChange, 9);
  });

  it('samples the edges r±(θ) over [0, π] where the tip’s sticking impulse by hand leaves its cone: inside between them, outside beyond', () => {
    const curve = fi.edges!.curve!;
    expect(curve.coordinate).toBe('theta');
    expect([curve.x[0], curve.x.at(-1)]).toEqual([0, Math.PI]);
    // Approaching at ḟ⁻ = −1 with the slip ṡ⁻ = r (q̇⁻ = (r, −1, 0)): sticking holds iff |Δν| ≤ μΔΛ.
    const sticks = (theta: number, r: number): boolean => {
      const { stick } = byHand(theta, [r, -1, 0], 0.5, 0.3);
      return stick.Pn > 0 && Math.abs(stick.Pt) <= 0.3 * stick.Pn;
    };
    for (let i = 0; i < curve.x.length; i += 15) {
      const [theta, lo, hi] = [curve.x[i]!, curve.lower[i]!, curve.upper[i]!];
      const margin = 1e-6 * Math.max(1, Math.abs(lo), Math.abs(hi));
      expect([sticks(theta, lo - margin), sticks(theta, lo + margin), sticks(theta, hi - margin), sticks(theta, hi + margin)]).toEqual([
        false,
        true,
        true,
        false,
      ]);
    }
  });
});
