// The motion's limit as N → ∞ (src/derive/motion/limit-motion.ts), against
// the finite-N motion: the viscous release (kozlov1988 (2.7)), transcendental
// for finite N, solved numerically from the closed form of the pressed piece
// at growing N converges to the derived limit like 1/N; the flight after it
// solves ÿ = g from rest on the line; the added mass's limit (2.6) keeps the
// closed end 2 + √2; the elastic strip's oscillation has no limit of this kind.
import { describe, expect, it } from 'vitest';
import viscous from '../../../derivations/kozlov-release-viscous.js';
import addedMass from '../../../derivations/kozlov-release-added-mass.js';
import elastic from '../../../derivations/kozlov-release-elastic.js';
import { diff } from '../../../src/core/diff.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { limitMotion } from '../../../src/derive/motion/limit-motion.js';
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

describe('added mass (2.6) and the elastic strip', () => {
  it('added mass: the closed end 2 + √2 is kept in the limit', () => {
    const limit = limitMotion(derived(addedMass), 'N');
    expect(evaluate(limit.pieces[1]!.end!, {})).toBeCloseTo(2 + Math.SQRT2, 14);
  });
  it('elastic: the oscillation cos √N t has no limit of this kind, and the limit motion says so', () => {
    const limit = limitMotion(derived(elastic), 'N');
    expect(limit.pieces).toEqual([]);
    expect(limit.stop).toMatch(/^piece 1: no limit in closed form/);
  });
});
