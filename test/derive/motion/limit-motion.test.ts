// The motion's limit as N → ∞ (src/derive/motion/limit-motion.ts), against
// the finite-N motion: the viscous release (kozlov1988 (2.7)), transcendental
// for finite N, solved numerically from the closed form of the pressed piece
// at growing N converges to the derived limit like 1/N; the flight after it
// solves ÿ = g from rest on the line; the added mass's limit (2.6) keeps the
// closed end 2 + √2; the elastic strip's release, a root within a period
// of t = 1 found numerically from the motion solved by hand, tends to the
// derived limit, and the limit motion is (2.4) (Theorem 2). For large N
// (nearMotion) the viscous motion flies from y = 0 at 2 + 1/N with the speed
// g/N, solved by hand from (2.7)'s piece without its exponentials.
import { describe, expect, it } from 'vitest';
import viscous from '../../../derivations/kozlov-release-viscous.js';
import addedMass from '../../../derivations/kozlov-release-added-mass.js';
import elastic from '../../../derivations/kozlov-release-elastic.js';
import { diff } from '../../../src/core/diff.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { limitMotion, nearMotion } from '../../../src/derive/motion/limit-motion.js';
import { piecewiseMotion } from '../../../src/derive/motion/piecewise.js';
import { derived } from '../../helpers/examples.js';

/** The root of f in [a, b] (f(a) < 0 < f(b)) by bisection. */
function root(f: (t: number) => number, a: number, b: number): number {
  let [lo, hi] = [a, b];
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('viscous realization (2.7)', () => {
  const system = derived(viscous);
  const limit = limitMotion(system, 'N');
  const g = 1.7;
  it('the finite-N release, solved numerically, tends to the derived limit like 1/N', () => {
    const pressed = piecewiseMotion(system).pieces[1]!.q[1]!;
    const tau = evaluate(limit.pieces[1]!.end!, { g });
    const gaps = [100, 1000, 10000].map((N) => root((t) => evaluate(pressed, { g, N, t }), 1.5, 3) - tau);
    gaps.forEach((d, k) => expect(Math.abs(d)).toBeLessThan(2 / 10 ** (k + 2)));
    expect(gaps[0]! / gaps[1]!).toBeCloseTo(10, 0);
  });
  it('three pieces, the last from rest on the line at the limit release: ÿ = g, y = ẏ = 0 there', () => {
    expect(limit.stop).toBeUndefined();
    expect(limit.pieces).toHaveLength(3);
    const [y, yd] = [limit.pieces[2]!.q[1]!, limit.pieces[2]!.qd[1]!];
    const tau = evaluate(limit.pieces[1]!.end!, { g });
    expect(evaluate(y, { g, t: tau })).toBeCloseTo(0, 14);
    expect(evaluate(yd, { g, t: tau })).toBeCloseTo(0, 14);
    expect(evaluate(diff(yd, 't'), { g, t: 3.1 })).toBeCloseTo(g, 14);
  });
});

describe('viscous realization for large N (2.7)', () => {
  const near = nearMotion(derived(viscous), 'N');
  const g = 1.7;
  it('the pressed pieces as solved, released at 2 + 1/N, then the flight ÿ = g from y = 0 at the speed g/N, up to O(e^{−N})', () => {
    expect(near.stop).toBeUndefined();
    expect(near.approximate).toBe(true);
    expect(near.pieces).toHaveLength(3);
    const finite = piecewiseMotion(derived(viscous)).pieces;
    for (const N of [10, 300]) {
      // The pressed pieces keep their exponentials: y = g(1 − e^{−Nt})/N² − gt/N at t = 0.05.
      expect(evaluate(near.pieces[0]!.q[1]!, { g, N, t: 0.05 })).toBeCloseTo((g * (1 - Math.exp(-N * 0.05))) / N ** 2 - (g * 0.05) / N, 14);
      expect(near.pieces[1]!.q[1]).toBe(finite[1]!.q[1]);
      const tau = 2 + 1 / N;
      expect(evaluate(near.pieces[1]!.end!, { g, N })).toBeCloseTo(tau, 14);
      for (const t of [tau, 2.6]) expect(evaluate(near.pieces[2]!.q[1]!, { g, N, t })).toBeCloseTo((g / N) * (t - tau) + (g * (t - tau) ** 2) / 2, 13);
    }
  });
});

describe('added mass (2.6)', () => {
  it('added mass: the closed end 2 + √2 is kept in the limit', () => {
    const limit = limitMotion(derived(addedMass), 'N');
    expect(evaluate(limit.pieces[1]!.end!, {})).toBeCloseTo(2 + Math.SQRT2, 14);
  });
  it('every end in closed form: the motion for large N is the finite one, exact', () => {
    const near = nearMotion(derived(addedMass), 'N');
    expect(near.approximate).toBe(false);
    expect(near.pieces).toEqual(piecewiseMotion(derived(addedMass)).pieces);
  });
});

describe('elastic realization, Theorem 2', () => {
  const limit = limitMotion(derived(elastic), 'N');
  const g = 1.3;
  it('the limit motion is (2.4): y = 0 until t = 1, released there, g(t − 1)²/2 after', () => {
    expect(limit.stop).toBeUndefined();
    expect(limit.pieces.map((p) => [evaluate(p.start, {}), p.end && evaluate(p.end, {})])).toEqual([
      [0, 1],
      [1, 1],
      [1, undefined],
    ]);
    for (const t of [0.2, 0.7]) expect(evaluate(limit.pieces[0]!.q[1]!, { g, t })).toBe(0);
    for (const t of [1.5, 3]) expect(evaluate(limit.pieces[2]!.q[1]!, { g, t })).toBeCloseTo((g * (t - 1) ** 2) / 2, 14);
  });
  it('the finite-N release, the first root after 1 of y = g(1 − 2cos θ + cos(√N + θ))/N from ÿ = g − Ny, lies within 2π/√N of the limit 1', () => {
    // y(1) = g(cos √N − 1)/N, ẏ(1) = −g sin √N/√N from the pressed piece, then y = g/N + (y(1) − g/N)cos θ + ẏ(1)/√N sin θ, θ = √N(t − 1).
    for (const N of [100, 1000, 1e4, 1e5]) {
      const w = Math.sqrt(N);
      const y = (t: number): number => (g / N) * (1 - 2 * Math.cos(w * (t - 1)) + Math.cos(w + w * (t - 1)));
      // The first sign change after 1 (y < 0 just after it unless √N is a multiple of 2π).
      let t = 1 + 1e-9;
      const step = (2 * Math.PI) / w / 4000;
      while (y(t) < 0) t += step;
      const tau = root(y, t - step, t);
      const limitTau = evaluate(limit.pieces[1]!.end!, { g });
      expect(tau - limitTau).toBeGreaterThanOrEqual(0);
      expect(tau - limitTau).toBeLessThan((2 * Math.PI) / w);
    }
  });
});
